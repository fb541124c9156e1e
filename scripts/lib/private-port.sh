# Sourced by the scripts that start their own adb server. private_port prints a free port on
# 127.0.0.1 below the OS's ephemeral range: on an ephemeral port, adb's first probe (made before
# the server listens) can get that port as its own source and connect to itself, and then fails
# with "protocol fault (status 30 30 30 63?!)".
private_port() {
  python3 - <<'PY'
import random, socket
try:
    floor = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    floor = 32768
for port in random.sample(range(10000, max(floor, 11000)), 200):
    if 5554 <= port <= 5585:
        continue
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
else:
    raise SystemExit("no free port on 127.0.0.1 below the ephemeral range")
PY
}

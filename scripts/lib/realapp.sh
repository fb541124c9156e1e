# Sourced by scripts/test-realapp and scripts/bench-realapp: the real-app rig (Simon Tatham's Solo as an
# Android phone, ../shared/realapp or $REALAPP) on a private port, display, state folder and adb server,
# every step under a timeout, and everything stopped on exit.
# Needs: $root (the repository). Sets: $rig $serial $bin; defines rig_start, rig_grade.

rig=${REALAPP:-$root/../shared/realapp}
if [ ! -x "$rig/start.sh" ]; then
  echo "$(basename "$0"): the real-app rig is not at $rig (set REALAPP to the folder with start.sh, grade.py)" >&2
  exit 1
fi
for tool in adb python3 xdotool Xvfb openbox import sgt-solo; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/games/$tool" ] || {
    echo "$(basename "$0"): $tool is missing; run scripts/setup as root" >&2
    exit 1
  }
done
# The rig's README sets ports 5610-5619 and displays :78-:79 aside; these defaults stay clear of the
# ones its examples use (5610/:78, 5611/:79).
rig_port=${REALAPP_PORT:-5618}
rig_display=${REALAPP_DISPLAY:-:79}
serial=127.0.0.1:$rig_port
scratch=$(mktemp -d -t autosudoku-realapp.XXXXXX)
export SOLORIG_STATE=$scratch/rig
. "$root/scripts/lib/private-port.sh"
ANDROID_ADB_SERVER_PORT=$(private_port)
export ANDROID_ADB_SERVER_PORT
unset ANDROID_SERIAL
target=${CARGO_TARGET_DIR:-$root/target}
bin=${AUTOSUDOKU:-$target/debug/autosudoku}

rig_stop() {
  timeout 30 "$rig/stop.sh" >/dev/null 2>&1 || true
  timeout 10 adb kill-server >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap rig_stop EXIT

# rig_start START-ARGS...: a fresh game on the rig, connected through the private adb server.
# The rig's start is tried twice: on a loaded machine Solo's window once missed the rig's wait for
# it to be maximized (CI, while the test suite ran), which says nothing about autosudoku.
rig_start() {
  local try
  for try in 1 2; do
    timeout 90 "$rig/start.sh" --port "$rig_port" --display "$rig_display" "$@" >"$scratch/start.log" 2>&1 && break
    echo "$(basename "$0"): the rig did not start (try $try of 2):" >&2
    cat "$scratch/start.log" >&2
    [ "$try" = 2 ] && exit 1
    timeout 30 "$rig/stop.sh" >/dev/null 2>&1 || true
  done
  timeout 20 adb start-server >/dev/null 2>&1
  timeout 20 adb disconnect "$serial" >/dev/null 2>&1 || true
  timeout 20 adb connect "$serial" >/dev/null
}

# rig_grade: grade.py's verdict on the screen (exit 0 = solved), its report on stderr.
rig_grade() {
  timeout 60 "$rig/grade.py" >"$scratch/grade.log" 2>&1
  local code=$?
  head -2 "$scratch/grade.log" >&2
  return $code
}

//! The JSON Schemas of `docs/json/`, checked by a small validator of the subset they use: `type`
//! (one or a list), `enum`, `const`, `required`, `properties`, `additionalProperties` (a boolean or
//! a schema), `items`, `minimum` and `$ref` to a sibling file (which a `"type"` with `"null"`
//! beside it makes nullable). The `jsonschema` crate would build a
//! regex engine, an HTTP client for remote references and their dependencies for this.

use serde_json::Value;
use std::path::{Path, PathBuf};

/// The folder of the schemas, `docs/json/`.
pub fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json")
}

/// The schema `NAME.schema.json`.
pub fn load(name: &str) -> Value {
    let path = folder().join(format!("{name}.schema.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Panics, naming the path inside `value` and the rule, unless `value` follows schema `name`.
pub fn check(name: &str, value: &Value) {
    let mut errors = Vec::new();
    walk(&load(name), value, "$", &mut errors);
    assert!(
        errors.is_empty(),
        "{value}\ndoes not follow {name}.schema.json:\n  {}",
        errors.join("\n  ")
    );
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn type_fits(wanted: &str, value: &Value) -> bool {
    let got = type_name(value);
    got == wanted || (wanted == "number" && got == "integer")
}

fn walk(schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    if let Some(name) = schema["$ref"].as_str() {
        // `"type": ["object", "null"]` beside a `$ref`: null, or what the file describes.
        let nullable = schema["type"]
            .as_array()
            .is_some_and(|t| t.contains(&"null".into()));
        if nullable && value.is_null() {
            return;
        }
        let name = name.trim_end_matches(".schema.json");
        return walk(&load(name), value, at, errors);
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.is_empty() && !types.iter().any(|t| type_fits(t, value)) {
        errors.push(format!("{at}: {} is not {types:?}", type_name(value)));
        return;
    }
    if let Some(options) = schema["enum"].as_array() {
        if !options.contains(value) {
            errors.push(format!("{at}: {value} is not one of {options:?}"));
        }
    }
    if !schema["const"].is_null() && schema["const"] != *value {
        errors.push(format!("{at}: {value} is not {}", schema["const"]));
    }
    if let (Some(min), Some(n)) = (schema["minimum"].as_f64(), value.as_f64()) {
        if n < min {
            errors.push(format!("{at}: {n} is below {min}"));
        }
    }
    if let (Some(items), Value::Array(values)) = (schema.get("items"), value) {
        for (i, v) in values.iter().enumerate() {
            walk(items, v, &format!("{at}[{i}]"), errors);
        }
    }
    if let Value::Object(fields) = value {
        object(schema, fields, at, errors);
    }
}

fn object(
    schema: &Value,
    fields: &serde_json::Map<String, Value>,
    at: &str,
    errors: &mut Vec<String>,
) {
    for key in schema["required"].as_array().into_iter().flatten() {
        let key = key.as_str().unwrap_or_default();
        if !fields.contains_key(key) {
            errors.push(format!("{at}: no `{key}`"));
        }
    }
    let properties = schema["properties"].as_object();
    for (key, v) in fields {
        let path = format!("{at}.{key}");
        match (
            properties.and_then(|p| p.get(key)),
            &schema["additionalProperties"],
        ) {
            (Some(sub), _) => walk(sub, v, &path, errors),
            (None, Value::Bool(false)) => errors.push(format!("{path}: not in the schema")),
            (None, extra @ Value::Object(_)) => walk(extra, v, &path, errors),
            (None, _) => {}
        }
    }
}

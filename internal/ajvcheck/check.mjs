// Validates instances against JSON Schemas with AJV's draft 2020-12 build,
// as JavaScript MCP hosts do: strict mode (unknown keywords are errors),
// with union types allowed (AJV's default only logs them).
//
// Input (stdin): [{"schema": {...}, "instances": [...], "discriminator":
// true?}, ...]; discriminator turns on AJV's option of that name.
// Output (stdout): [{"error": "..."} or {"valid": [true, false, ...]}, ...]
import Ajv2020 from "ajv/dist/2020.js";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;

// One AJV per option set, emptied after each case back to what a new one
// holds (reset): a new one per case compiled the meta-schemas again each
// time, ten times the work (over JSONSchemaBench's 9,557 schemas, 88 s
// against 7, every answer and error alike).
const ajvs = new Map();
const out = [];
for (const { schema, instances, discriminator } of JSON.parse(input)) {
  const d = discriminator === true;
  if (!ajvs.has(d)) {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, discriminator: d });
    ajvs.set(d, { ajv, aliases: aliases(ajv) });
  }
  const { ajv, aliases: held } = ajvs.get(d);
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (e) {
    out.push({ error: String(e.message || e) });
    reset(ajv, held);
    continue;
  }
  out.push({ valid: instances.map((x) => validate(x) === true) });
  reset(ajv, held);
}

// aliases returns the names a new AJV gives its meta-schemas by other
// keys ("http://json-schema.org/schema" for draft 2020-12's): entries of
// refs and schemas that are strings.
function aliases(ajv) {
  const held = [];
  for (const table of ["refs", "schemas"]) {
    for (const [key, to] of Object.entries(ajv[table])) {
      if (typeof to == "string") held.push([table, key, to]);
    }
  }
  return held;
}

// reset drops every schema a case added, and the cache (removeSchema(),
// which keeps the meta-schemas but drops their aliases too), and puts the
// aliases back: the AJV then holds what a new one holds.
function reset(ajv, held) {
  ajv.removeSchema();
  for (const [table, key, to] of held) ajv[table][key] = to;
}
process.stdout.write(JSON.stringify(out));

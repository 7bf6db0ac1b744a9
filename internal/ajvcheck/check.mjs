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

const out = [];
for (const { schema, instances, discriminator } of JSON.parse(input)) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, discriminator: discriminator === true });
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (e) {
    out.push({ error: String(e.message || e) });
    continue;
  }
  out.push({ valid: instances.map((x) => validate(x) === true) });
}
process.stdout.write(JSON.stringify(out));

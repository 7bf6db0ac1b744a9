// End-to-end test of the filesystem example from a client nobody here
// wrote: the official TypeScript MCP SDK spawns the Go server over stdio,
// and AJV (the validator inside JavaScript hosts) checks each call's
// arguments against the advertised inputSchema before the call, as a host
// does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "normgen-e2e-"));
const bin = process.env.FILESYSTEM_MCP_BIN || join(work, "filesystem-mcp");
let tools; // name -> {schema, validate}

// Each call runs on a fresh sandbox so that clean and lenient calls see the
// same files.
async function withServer(fn) {
  const root = mkdtempSync(join(work, "sandbox-"));
  mkdirSync(join(root, "sub"));
  writeFileSync(join(root, "a.txt"), "hello world\nHello again\n");
  writeFileSync(join(root, "b.go"), "package b\n// TODO: one\n");
  writeFileSync(join(root, "sub", "c.go"), "package c\n// TODO: two\n");
  const client = new Client({ name: "normgen-e2e", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: bin, args: [root] }));
  try {
    return await fn(client, root);
  } finally {
    await client.close();
  }
}

async function call(name, args) {
  const t = tools.get(name);
  const ok = t.validate(args);
  assert.ok(ok, `AJV rejects ${name} ${JSON.stringify(args)}: ${JSON.stringify(t.validate.errors)}`);
  return callServer(name, args);
}

// callServer sends a call as a host that does not validate it does.
async function callServer(name, args) {
  return withServer(async (client, root) => {
    const res = await client.callTool({ name, arguments: args });
    return { text: res.content.map((c) => c.text).join(""), isError: !!res.isError, root };
  });
}

before(async () => {
  if (!process.env.FILESYSTEM_MCP_BIN) {
    execFileSync("go", ["build", "-o", bin, "./filesystem/cmd/filesystem-mcp"], { cwd: examples, stdio: "inherit" });
  }
  // Strict mode without allowUnionTypes: the default (portable) form has
  // no type arrays.
  const ajv = new Ajv2020({ strict: true });
  tools = await withServer(async (client) => {
    const { tools: list } = await client.listTools();
    return new Map(list.map((t) => [t.name, { schema: t.inputSchema, validate: ajv.compile(t.inputSchema) }]));
  });
});

after(() => rmSync(work, { recursive: true, force: true }));

test("lists the six tools with object schemas", () => {
  assert.deepEqual([...tools.keys()].sort(), ["batch_operations", "delete_file", "edit_file", "list_directory", "multi_edit", "search_files"]);
  for (const [name, t] of tools) assert.equal(t.schema.type, "object", name);
});

test("the default schemas have no type arrays and no anyOf with sibling keys", () => {
  const walk = (s, path) => {
    if (Array.isArray(s)) return s.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (!s || typeof s !== "object") return;
    assert.ok(!Array.isArray(s.type), `${path}: type array ${JSON.stringify(s.type)}`);
    if (s.anyOf) {
      assert.deepEqual(Object.keys(s), ["anyOf"], `${path}: anyOf with siblings`);
      for (const b of s.anyOf) assert.equal(typeof b.type, "string", `${path}: an anyOf branch without one type`);
    }
    for (const [k, v] of Object.entries(s)) if (k !== "enum" && k !== "default" && k !== "examples") walk(v, `${path}.${k}`);
  };
  for (const [name, t] of tools) walk(t.schema, name);
});

const cases = [
  ["search_files", { path: ".", pattern: "TODO", recursive: true, return_lines: true, limit: 10 },
    [{ dir: ".", query: "TODO", recursive: "true", return_lines: "1", limit: "10" },
     { path: ".", regex: "TODO", recursive: "YES", return_lines: "true", limit: 1e1 }]],
  ["search_files", { path: ".", pattern: "TODO", recursive: true, count_only: true, file_types: ["go"] },
    [{ path: ".", pattern: "TODO", recursive: "1", count_only: "true", file_types: "[\"go\"]" },
     { path: ".", pattern: "TODO", recursive: "1", count_only: "true", ext: "go" }]],
  ["list_directory", { path: ".", recursive: true }, [{ directory: ".", recursive: "True" }]],
  ["edit_file", { path: "a.txt", old_text: "world", new_text: "there" },
    [{ file_path: "a.txt", old_str: "world", new_str: "there", dry_run: "no" },
     { filename: "a.txt", old_string: "world", new_string: "there", force: "0" }]],
  ["multi_edit", { path: "a.txt", edits_json: [{ old_text: "world", new_text: "W" }] },
    [{ file: "a.txt", edits_json: "[{\"old_str\":\"world\",\"new_str\":\"W\"}]" }]],
  ["delete_file", { path: "sub", force: true, dry_run: true }, [{ file: "sub", force: "yes", dry_run: "1" }]],
  ["batch_operations", { pipeline_json: { steps: [{ id: "step-0", action: "write", params: { path: "n.txt", content: "x" } }, { id: "r", action: "read", params: { path: "n.txt" } }] } },
    [{ pipeline_json: "{\"steps\":[{\"type\":\"write\",\"params\":{\"file\":\"n.txt\",\"text\":\"x\"}},{\"id\":\"r\",\"type\":\"read\",\"params\":{\"path\":\"n.txt\"}}]}" },
     // value aliases: "cat" is read (the schema's enum lists the aliases)
     { pipeline: { steps: [{ action: "write", params: { file: "n.txt", text: "x" } }, { id: "r", action: "cat", params: { path: "n.txt" } }] } }]],
];

// Each parameter is advertised once, under its field's name (class (f)
// of the semantics): a call that fills a required field through an alias
// (dir for path) is refused by AJV for that key alone, as it was without
// normgen, and taken by the server from a host that does not validate.
// Every other lenient form passes AJV.
for (const [name, clean, lenient] of cases) {
  test(`${name}: clean, stringified and aliased calls agree (AJV refuses only a required field's alias)`, async () => {
    const want = await call(name, clean);
    assert.equal(want.isError, false, want.text);
    for (const args of lenient) {
      const validate = tools.get(name).validate;
      if (!validate(args)) {
        for (const e of validate.errors) {
          assert.ok(e.keyword === "required" && e.instancePath === "", `${JSON.stringify(args)}: AJV refuses more than an alias: ${JSON.stringify(validate.errors)}`);
        }
      }
      const got = await callServer(name, args);
      assert.equal(got.isError, false, `${JSON.stringify(args)}: ${got.text}`);
      assert.equal(got.text, want.text, JSON.stringify(args));
    }
  });
}

test("a required field's alias alone is refused by AJV; the field's own key passes", () => {
  const v = tools.get("search_files").validate;
  assert.equal(v({ dir: ".", pattern: "x" }), false);
  assert.deepEqual(v.errors.map((e) => [e.keyword, e.params.missingProperty]), [["required", "path"]]);
  assert.equal(v({ path: ".", pattern: "x", file_types: "go" }), true); // an optional field's form
  assert.equal(v({ path: ".", pattern: "x", ext: "go" }), true); // an optional field's alias: an unknown key of an open object
});

test("an edit really changes the file", async () => {
  await withServer(async (client, root) => {
    const res = await client.callTool({ name: "edit_file", arguments: { file_path: "a.txt", old_str: "world", new_str: "there" } });
    assert.equal(!!res.isError, false);
    assert.equal(readFileSync(join(root, "a.txt"), "utf8"), "hello there\nHello again\n");
  });
});

test("AJV rejects what the server would reject, before the call", () => {
  const v = tools.get("search_files").validate;
  assert.equal(v({ path: ".", pattern: "x", limit: "abc" }), false);
  assert.equal(v({ path: ".", pattern: "x", limit: "1.5" }), false);
  assert.equal(v({ path: ".", pattern: "x", count_only: "maybe" }), false);
  assert.equal(v({ path: ".", pattern: "x", limit: 0 }), false);
});

test("bad arguments that pass AJV get a tool error naming every bad field", async () => {
  const res = await withServer((client) =>
    client.callTool({ name: "search_files", arguments: { path: ".", pattern: "x", limit: "0", file_types: "[1," } }));
  assert.equal(res.isError, true);
  const text = res.content.map((c) => c.text).join("");
  assert.match(text, /limit: "0" is less than the minimum, 1/);
  assert.match(text, /file_types: .* is a string but not JSON array text/);
});

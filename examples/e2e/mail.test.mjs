// The mail example on both Go SDKs (go-sdk and mcp-go), driven by the
// official TypeScript MCP SDK client over stdio, with AJV validating each
// call against the advertised inputSchema first, as a host does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "normgen-mail-e2e-"));
const servers = { "go-sdk": "./mail/cmd/mail-mcp", "mcp-go": "./mail/cmd/mail-mcpgo" };

before(() => {
  for (const [name, pkg] of Object.entries(servers)) {
    execFileSync("go", ["build", "-o", join(work, name), pkg], { cwd: examples, stdio: "inherit" });
  }
});

after(() => rmSync(work, { recursive: true, force: true }));

// assertNoTypeArrays fails when any "type" in the schema is an array: the
// default profile must be one that Gemini-family hosts take.
function assertNoTypeArrays(schema, path) {
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => assertNoTypeArrays(s, `${path}[${i}]`));
  } else if (schema && typeof schema === "object") {
    assert.ok(!Array.isArray(schema.type), `${path}: type array ${JSON.stringify(schema.type)}`);
    for (const [k, v] of Object.entries(schema)) assertNoTypeArrays(v, `${path}.${k}`);
  }
}

for (const name of Object.keys(servers)) {
  test(`mail on ${name}: stringified and aliased integers pass AJV and agree with clean calls`, async () => {
    const client = new Client({ name: "normgen-e2e", version: "0.0.0" });
    await client.connect(new StdioClientTransport({ command: join(work, name) }));
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === "search_mail");
      assert.ok(tool, "search_mail is listed");
      assertNoTypeArrays(tool.inputSchema, "search_mail");
      // Strict mode without allowUnionTypes: the default (portable) form
      // has no type arrays for AJV to warn about.
      const validate = new Ajv2020({ strict: true }).compile(tool.inputSchema);
      const call = async (args) => {
        assert.ok(validate(args), `AJV rejects ${JSON.stringify(args)}: ${JSON.stringify(validate.errors)}`);
        const res = await client.callTool({ name: "search_mail", arguments: args });
        return { text: res.content.map((c) => c.text).join(""), isError: !!res.isError };
      };
      const want = await call({ query: "report", limit: 2, offset: 1, max_body_bytes: 10 });
      assert.equal(want.isError, false, want.text);
      assert.match(want.text, /^2 of 4 match\(es\)/);
      for (const args of [
        { q: "report", limit: "2", offset: "1", max_body_bytes: "10" },
        { text: "report", limit: 2.0, offset: "01", max_body_bytes: 1e1 },
      ]) {
        assert.deepEqual(await call(args), want, JSON.stringify(args));
      }
      const unread = await call({ unread_only: true, max_body_bytes: 1e15 });
      assert.equal(unread.isError, false, unread.text);
      for (const args of [
        { unread_only: "yes", max_body_bytes: "1000000000000000" },
        { unread_only: "YES", max_body_bytes: "9007199254740993" }, // above 2^53: only the digit string is exact
      ]) {
        assert.deepEqual(await call(args), unread, JSON.stringify(args));
      }
      assert.equal(validate({ limit: "abc" }), false, "AJV must reject limit \"abc\" before the call");
      assert.equal(validate({ limit: 0 }), false, "AJV must reject limit 0 (minimum 1)");
      const bad = await client.callTool({ name: "search_mail", arguments: { limit: "0", max_body_bytes: "-1" } });
      assert.equal(bad.isError, true);
      const text = bad.content.map((c) => c.text).join("");
      assert.match(text, /limit: "0" is less than the minimum, 1/);
      assert.match(text, /max_body_bytes: "-1" is less than the minimum, 0/);
    } finally {
      await client.close();
    }
  });
}

test("mail on go-sdk: the schema profile follows the client's name from initialize", async () => {
  const listAs = async (clientName) => {
    const client = new Client({ name: clientName, version: "0.0.0" });
    await client.connect(new StdioClientTransport({
      command: join(work, "go-sdk"),
      args: ["-client-profile", "legacy-gemini-host=gemini"],
    }));
    try {
      const { tools } = await client.listTools();
      return tools.find((t) => t.name === "search_mail").inputSchema;
    } finally {
      await client.close();
    }
  };
  const gemini = await listAs("legacy-gemini-host");
  assert.equal(gemini.properties.limit.type, "integer");
  assert.equal(gemini.$schema, undefined);
  assert.ok(!JSON.stringify(gemini).includes("anyOf"), "gemini profile has no anyOf");
  const portable = await listAs("some-other-host");
  // optional: null is the field left out (README, Semantics)
  assert.deepEqual(portable.properties.limit.anyOf.map((b) => b.type), ["integer", "string", "null"]);
});

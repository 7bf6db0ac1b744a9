// A server with STRICT schemas (go-sdk: inferred from plain structs, typed
// handlers; mcp-go: mcp.WithNumber/WithBoolean/WithArray builders with
// input validation on) made lenient by normgen's adapters, driven by the
// official TypeScript MCP SDK client over stdio, with AJV validating each
// call against the listed inputSchema first, as a host does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(examples, "..");
const work = mkdtempSync(join(tmpdir(), "normgen-strict-e2e-"));
const servers = { "go-sdk": "./strict/cmd/strict-mcp", "mcp-go": "./strict/cmd/strict-mcpgo" };

before(() => {
  for (const [name, pkg] of Object.entries(servers)) {
    execFileSync("go", ["build", "-o", join(work, name), pkg], { cwd: examples, stdio: "inherit" });
  }
  execFileSync("go", ["build", "-o", join(work, "normgen"), "./cmd/normgen"], { cwd: root, stdio: "inherit" });
});

after(() => rmSync(work, { recursive: true, force: true }));

// normgenCheck runs `normgen check [args] -` on a tools/list result.
function normgenCheck(result, ...args) {
  const r = spawnSync(join(work, "normgen"), ["check", ...args, "-"], { input: JSON.stringify(result), encoding: "utf8" });
  return { status: r.status, out: r.stdout + r.stderr };
}

for (const name of Object.keys(servers)) {
  test(`strict tracker on ${name} behind the adapter: stringified and aliased calls pass AJV and agree with clean calls`, async () => {
    const client = new Client({ name: "normgen-e2e", version: "0.0.0" });
    await client.connect(new StdioClientTransport({ command: join(work, name) }));
    try {
      const listed = await client.listTools();
      for (const args of [[], ["-host", "all"]]) {
        const r = normgenCheck(listed, ...args);
        assert.equal(r.status, 0, `normgen check ${args.join(" ")} on tools/list: ${r.out}`);
      }
      const ajv = new Ajv2020({ strict: true });
      const validators = Object.fromEntries(listed.tools.map((t) => [t.name, ajv.compile(t.inputSchema)]));
      const call = async (tool, args) => {
        const validate = validators[tool];
        assert.ok(validate(args), `AJV rejects ${tool} ${JSON.stringify(args)}: ${JSON.stringify(validate.errors)}`);
        const res = await client.callTool({ name: tool, arguments: args });
        return { text: res.content.map((c) => c.text).join(""), isError: !!res.isError };
      };

      const want = await call("search_issues", { query: "crash", limit: 1, open: true, labels: ["bug"], min_score: 5 });
      assert.equal(want.isError, false, want.text);
      assert.match(want.text, /^1 issue\(s\)\n#1 Crash on empty config/);
      for (const args of [
        { query: "crash", limit: "1", open: "true", labels: "[\"bug\"]", min_score: "5" },
        { q: "crash", limit: "1", open: "YES", label: ["bug"], min_score: "5.0" },
      ]) {
        assert.deepEqual(await call("search_issues", args), want, JSON.stringify(args));
      }
      const range = await call("search_issues", { query: "config", ids: { from: 2, to: 3 } });
      assert.match(range.text, /^2 issue\(s\)\n#2 /);
      for (const args of [
        { query: "config", ids: { from: "2", to: "3" } },
        { query: "config", ids: JSON.stringify({ from: "2", to: 3 }) },
      ]) {
        assert.deepEqual(await call("search_issues", args), range, JSON.stringify(args));
      }
      const issue = await call("get_issue", { id: 4 });
      assert.equal(issue.isError, false, issue.text);
      for (const args of [{ id: "4" }, { issue_number: "4" }]) {
        assert.deepEqual(await call("get_issue", args), issue, JSON.stringify(args));
      }

      assert.equal(validators.search_issues({ query: "x", limit: "many" }), false, "AJV must reject limit \"many\"");
      assert.equal(validators.search_issues({ query: 5 }), false, "AJV must reject a number for the string query");
      // Past AJV, the server's own validation still answers with a tool error.
      const bad = await client.callTool({ name: "search_issues", arguments: { query: "x", open: "maybe" } });
      assert.equal(bad.isError, true);
    } finally {
      await client.close();
    }
  });
}

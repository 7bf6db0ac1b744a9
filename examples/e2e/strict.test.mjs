// A server with STRICT schemas (go-sdk: inferred from plain structs, typed
// handlers; mcp-go: mcp.WithNumber/WithBoolean/WithArray builders with
// input validation on) made lenient by normgen's adapters, driven by the
// official TypeScript MCP SDK client over stdio, with AJV validating each
// call against the listed inputSchema first, as a host does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:net";
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
  test(`strict tracker on ${name} behind the adapter: stringified and aliased calls agree with clean calls (AJV refuses only a required field's alias)`, async () => {
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
      const send = async (tool, args) => {
        const res = await client.callTool({ name: tool, arguments: args });
        return { text: res.content.map((c) => c.text).join(""), isError: !!res.isError };
      };
      const call = async (tool, args) => {
        const validate = validators[tool];
        assert.ok(validate(args), `AJV rejects ${tool} ${JSON.stringify(args)}: ${JSON.stringify(validate.errors)}`);
        return send(tool, args);
      };
      // One name per parameter (class (f)): an alias of the rules file
      // (q for query, label for labels) is not advertised, and the field
      // it fills stays required, so AJV refuses a call that fills it
      // through the alias, for that alone (a required field left out; on
      // go-sdk, whose inferred objects are closed, also the alias key); a
      // host that does not validate sends it, and the server takes it.
      const aliased = async (tool, args, aliases) => {
        const validate = validators[tool];
        assert.equal(validate(args), false, `AJV takes ${tool} ${JSON.stringify(args)}`);
        for (const e of validate.errors) {
          const ok = e.instancePath === "" && (e.keyword === "required" && Object.values(aliases).includes(e.params.missingProperty) ||
            e.keyword === "additionalProperties" && e.params.additionalProperty in aliases);
          assert.ok(ok, `AJV refuses more than the aliases ${JSON.stringify(aliases)}: ${JSON.stringify(validate.errors)}`);
        }
        return send(tool, args);
      };

      const want = await call("search_issues", { query: "crash", limit: 1, open: true, labels: ["bug"], min_score: 5 });
      assert.equal(want.isError, false, want.text);
      assert.match(want.text, /^1 issue\(s\)\n#1 Crash on empty config/);
      for (const args of [
        { query: "crash", limit: "1", open: "true", labels: "[\"bug\"]", min_score: "5" },
        { query: "crash", limit: "1", open: "YES", labels: ["bug"], min_score: "5.0" },
      ]) {
        assert.deepEqual(await call("search_issues", args), want, JSON.stringify(args));
      }
      const q = { q: "crash", limit: "1", open: "YES", label: ["bug"], min_score: "5.0" };
      assert.deepEqual(await aliased("search_issues", q, { q: "query", label: "labels" }), want, JSON.stringify(q));
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
      assert.deepEqual(await call("get_issue", { id: "4" }), issue);
      assert.deepEqual(await aliased("get_issue", { issue_number: "4" }, { issue_number: "id" }), issue);

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

// freePort returns a TCP port free on 127.0.0.1 now.
async function freePort() {
  const srv = createServer();
  await new Promise((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

// scrape reads a Prometheus text page: each sample of a metric whose name
// starts with "normgen_", as { name, labels, value }.
function scrape(text) {
  const samples = [];
  for (const line of text.split("\n")) {
    const m = line.match(/^(normgen_\w+)\{(.*)\} (\S+)$/);
    if (!m) continue;
    const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

test("strict tracker on go-sdk with -metrics: /metrics shows the adapter's fixes by tool and kind (OpenTelemetry, Prometheus exporter)", async () => {
  const port = await freePort();
  const client = new Client({ name: "normgen-e2e", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: join(work, "go-sdk"), args: ["-metrics", `127.0.0.1:${port}`] }));
  let samples;
  try {
    for (const [tool, args] of [
      ["search_issues", { query: "crash", limit: "1", open: "true" }],
      ["search_issues", { q: "crash", limit: "2" }],
      ["search_issues", { query: "crash", limit: 1 }],
      ["get_issue", { id: "4" }],
    ]) {
      const res = await client.callTool({ name: tool, arguments: args });
      assert.equal(!!res.isError, false, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(res)}`);
    }
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    samples = scrape(await res.text());
  } finally {
    await client.close();
  }
  const value = (name, labels) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);
  const search = { gen_ai_tool_name: "search_issues", mcp_method_name: "tools/call", normgen_stage: "normalizer" };
  assert.equal(value("normgen_calls_total", search), 3, JSON.stringify(samples));
  assert.equal(value("normgen_fixed_calls_total", search), 2, JSON.stringify(samples));
  assert.equal(value("normgen_fixes_total", { ...search, normgen_fix_kind: "string_to_int", normgen_fix_path: "limit" }), 2, JSON.stringify(samples));
  assert.equal(value("normgen_fixes_total", { ...search, normgen_fix_kind: "string_to_bool", normgen_fix_path: "open" }), 1, JSON.stringify(samples));
  assert.equal(value("normgen_fixes_total", { ...search, normgen_fix_kind: "alias", normgen_fix_path: "query" }), 1, JSON.stringify(samples));
  assert.equal(value("normgen_fixes_total", { gen_ai_tool_name: "get_issue", normgen_fix_kind: "string_to_int", normgen_fix_path: "id" }), 1, JSON.stringify(samples));
});

/* SPDX-License-Identifier: MIT */
/* fuzz_sql: libFuzzer harness of the `sql` workload's script files
 * (docs/sql-workloads.md): the input is a pgbench script file, parsed by
 * sql_script (meta-commands, \set and \if expressions, :variables, \gset,
 * quotes, comments, continuation lines), compiled in both query modes
 * into the function a worker runs, which then runs once against
 * stand-ins for the database (the expression evaluator with every value
 * it computes); the same bytes also go through the mysqlslap splitter
 * (--query-file with --delimiter, the input's first byte and ';').
 * Each run is bounded: a script has no loop, so a hang is a finding
 * (libFuzzer's -timeout), as is a crash or a sanitizer report.
 *
 * An error is fine when it is what a user would read: raised by error()
 * (not a Lua runtime error such as indexing nil, a stack overflow or a
 * bad argument to a library function), one line of printable text of at
 * most 400 bytes, naming the script and a line it has ("fuzz.sql:3: "),
 * or the whole file for an empty one. Anything else aborts with the
 * message and its traceback. The script's state is the null driver's,
 * as in fuzz_lua.c. */
#include <stdint.h>
#include <string.h>

#include "lua_harness.h"

/* The Lua lines each input runs, as coverage libFuzzer reads beside the C
 * code's (its extra counters): without them the parser, written in Lua,
 * would be blind to the fuzzer, which sees only the C it calls. A line
 * hook counts each line number (of any chunk: cheap, and distinct enough
 * to guide). */
#define LUA_SLOTS 8192
__attribute__((
    used,
    section("__libfuzzer_extra_counters"))) static uint8_t lua_lines[LUA_SLOTS];

uint8_t *bench_fuzz_lines(void);
uint8_t *bench_fuzz_lines(void)
{
    return lua_lines;
}

static const char script[] =
    "local ffi = require('ffi')\n"
    "ffi.cdef[[const char *bench_fuzz_data(void);\n"
    "size_t bench_fuzz_size(void);\n"
    "uint8_t *bench_fuzz_lines(void);]]\n"
    "pcall(ffi.cdef, 'void abort(void);')\n"
    "local C = ffi.C\n"
    "local SS, SL = require('sql_script'), require('sql_slap')\n"
    "local R = require('sql_expr').R\n"
    "local NAME = 'fuzz.sql'\n"
    "local function finding(what, detail)\n"
    "   io.stderr:write('fuzz_sql: ', what, '\\n', tostring(detail), '\\n')\n"
    "   io.stderr:flush()\n"
    "   C.abort()\n"
    "end\n"
    /* Stand-ins for sql.lua's run-time helpers: no database, no sleep. */
    "local H = {}\n"
    "function H.undefined(V, name)\n"
    "   local v = V[name]\n"
    "   if v == nil then\n"
    "      error(string.format('%s: undefined variable \"%s\"', R.W.at or "
    "'?',\n"
    "                          R.show(name)), 0)\n"
    "   end\n"
    "   return v\n"
    "end\n"
    "function H.gset() end\n"
    "function H.ticks() return 0 end\n"
    "function H.span(con, t0)\n"
    "   if t0 ~= 0 then finding('a span without its start', t0) end\n"
    "end\n"
    "function H.sleep(us)\n"
    "   if type(tonumber(us)) ~= 'number' then finding('sleep of', us) end\n"
    "end\n"
    "local function Q(st, text)\n"
    "   if type(text) ~= 'string' then finding('query text', text) end\n"
    "end\n"
    "local function P(p, v) p.v = v end\n"
    "local function E(st)\n"
    "   for i = 1, #st do R.text(st[i].v) end\n"
    "end\n"
    /* The error of a call: whether error() raised it, and the traceback. */
    "local function catch(f, ...)\n"
    "   local args, n = { ... }, select('#', ...)\n"
    "   local info\n"
    "   local ok, err = xpcall(function() return f(unpack(args, 1, n)) end,\n"
    "      function(m)\n"
    "         local at = debug.getinfo(2, 'f')\n"
    "         info = { explicit = at and at.func == error,\n"
    "                  trace = debug.traceback(tostring(m), 2) }\n"
    "         return m\n"
    "      end)\n"
    "   if ok then return true, err end\n"
    "   return false, err, info\n"
    "end\n"
    /* A user's error: one printable line naming the script (and a line). */
    "local function check_error(err, info, name, lines)\n"
    "   if type(err) ~= 'string' then finding('an error that is not text', "
    "info.trace) end\n"
    "   if not info.explicit then finding('a Lua error escaped', info.trace) "
    "end\n"
    "   if #err > 400 or err:find('[%z\\1-\\31\\127]') then\n"
    "      finding('an error that is not one short printable line', "
    "info.trace)\n"
    "   end\n"
    "   local l = err:match('^' .. name:gsub('%p', '%%%0') .. ':(%d+): .')\n"
    "   if l then\n"
    "      if tonumber(l) < 1 or tonumber(l) > lines then\n"
    "         finding('an error naming a line the script does not have', err)\n"
    "      end\n"
    "   elseif not err:find('^' .. name:gsub('%p', '%%%0') .. ': [%w%-]') "
    "then\n"
    "      finding('an error not naming the script', info.trace)\n"
    "   end\n"
    "end\n"
    "local function client(out)\n"
    "   local S = {}\n"
    "   for i, st in ipairs(out.stmts) do\n"
    "      S[i] = {}\n"
    "      for k = 1, #st.vars do S[i][k] = { t = 0 } end\n"
    "   end\n"
    "   return { V = { scale = 1, client_id = 0, random_seed = 0,\n"
    "                  default_seed = 5432 }, S = { S } }\n"
    "end\n"
    /* Compile in both modes and run once each; errors judged. */
    "local function run_modes(name, cmds, known, lines)\n"
    "   for _, mode in ipairs({ 'prepared', 'simple' }) do\n"
    "      local ok, out, info = catch(SS.compile, name, cmds, known, mode, 1, "
    "nil,\n"
    "                                  mode == 'simple' and name or nil)\n"
    "      if not ok then finding('compile() failed', info.trace) end\n"
    "      local fn\n"
    "      ok, fn, info = catch(SS.load, name, out, R, H, Q, P, E)\n"
    "      if not ok then finding('the generated code does not load', "
    "tostring(fn) ..\n"
    "                             '\\n' .. out.source) end\n"
    "      R.W.at = nil\n"
    "      local err\n"
    "      ok, err, info = catch(fn, client(out))\n"
    "      if not ok then check_error(err, info, name, lines) end\n"
    "   end\n"
    "end\n"
    "local function known_names(cmds)\n"
    "   return SS.assigned(cmds, { scale = true, client_id = true,\n"
    "                              random_seed = true, default_seed = true })\n"
    "end\n"
    "local counters = C.bench_fuzz_lines()\n"
    "local function on_line(_, line)\n"
    "   local h = line % 8192\n"
    "   if counters[h] < 255 then counters[h] = counters[h] + 1 end\n"
    "end\n"
    "function fuzz_one()\n"
    "   debug.sethook(on_line, 'l')\n"
    "   fuzz_input()\n"
    "   debug.sethook()\n"
    "   collectgarbage()\n"
    "end\n"
    "function fuzz_input()\n"
    "   local s = ffi.string(C.bench_fuzz_data(), C.bench_fuzz_size())\n"
    "   local _, nl = s:gsub('\\n', '')\n"
    "   local lines = nl + 1\n"
    "   local ok, cmds, info = catch(SS.parse, NAME, s)\n"
    "   if ok then\n"
    "      run_modes(NAME, cmds, known_names(cmds), lines)\n"
    "   else\n"
    "      check_error(cmds, info, NAME, lines)\n"
    "   end\n"
    "   for _, d in ipairs({ ';', s:sub(1, 1) ~= '' and s:sub(1, 1) or nil }) "
    "do\n"
    "      local sc\n"
    "      ok, sc, info = catch(SL.slap_script, s, 'slap', d)\n"
    "      if ok then\n"
    "         run_modes('slap', sc.cmds, {}, lines)\n"
    "      else\n"
    "         check_error(sc, info, 'slap', lines)\n"
    "      end\n"
    "   end\n"
    "end\n";

static struct script *setup(void)
{
    static const char *const options[] = {NULL};

    return lua_harness_setup("fuzz_sql", script, sizeof(script) - 1, options);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    if (!state) setup();
    cur     = data;
    cur_len = size;
    if (script_call(state, "fuzz_one", false, 0) != 0) abort();
    return 0;
}

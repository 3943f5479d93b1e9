/* SPDX-License-Identifier: MIT */
/* fuzz_lua: libFuzzer harness of the Lua API entry points that take
 * strings and sizes, in a real state of the null driver: random string
 * templates (sysbench.rand.string, varstring), bind buffers
 * (bind_create/set/set_rand_str), values of every bind type formatted into
 * emulated statements, canned result rows fetched and converted, bulk
 * inserts with random patterns, and raw queries. The script below reads
 * the input through bench_fuzz_data/size; its first byte picks the entry
 * point. Every input connects and disconnects, and ends with a full
 * collection: LeakSanitizer cannot see pointers held in LuaJIT's own heap,
 * so nothing C allocated may outlive an input. Lua errors are fine (the API
 * raises them on bad arguments); a crash, a sanitizer report or a hang is a
 * finding. */
#include <stdint.h>
#include <string.h>

#include "lua_harness.h"

static const char script[] =
    "local ffi = require('ffi')\n"
    "ffi.cdef[[const char *bench_fuzz_data(void);\n"
    "size_t bench_fuzz_size(void);\n"
    "int bench_null_result(const char *prefix, const char *rows);]]\n"
    "local C, T = ffi.C, sysbench.sql.type\n"
    "local con\n"
    "local function num(s, i)\n"
    "   local a, b = s:byte(i, i + 1)\n"
    "   local v = (a or 0) * 256 + (b or 0)\n"
    "   return v >= 32768 and v - 65536 or v\n"
    "end\n"
    "local ops = {}\n"
    "ops[0] = function(s) sysbench.rand.string(s) end\n"
    "ops[1] = function(s) sysbench.rand.varstring(num(s, 1), num(s, 3)) end\n"
    "ops[2] = function(s)\n"
    "   local st = con:prepare('SELECT ?')\n"
    "   local p = st:bind_create(T.VARCHAR, num(s, 1))\n"
    "   st:bind_param(p)\n"
    "   p:set(s:sub(3)); st:execute()\n"
    "   p:set_rand_str(s:sub(3)); st:execute()\n"
    "   p:set(nil); st:execute()\n"
    "   st:close()\n"
    "end\n"
    "ops[3] = function(s)\n"
    "   local st = con:prepare('INSERT INTO t VALUES (?, ?, ?)')\n"
    "   local t = s:byte(1) % 13\n"
    "   local a = st:bind_create(t, num(s, 2))\n"
    "   local b = st:bind_create(T.DOUBLE)\n"
    "   local c = st:bind_create(T.BIGINT)\n"
    "   st:bind_param(a, b, c)\n"
    "   local v = s:sub(4)\n"
    "   a:set(tonumber(v) or v); b:set(tonumber(v) or 0); c:set(tonumber(v) or "
    "0)\n"
    "   st:execute()\n"
    "   st:close()\n"
    "end\n"
    "ops[4] = function(s)\n"
    "   C.bench_null_result('SELECT fuzz', (s:byte(1) or 0) % 9 .. '\\n' .. "
    "s)\n"
    "   local rs = con:query('SELECT fuzz')\n"
    "   if rs then\n"
    "      for i = 1, rs.nrows do\n"
    "         local r = rs:fetch_row()\n"
    "         if r then for j = 1, rs.nfields do tostring(r[j]) end end\n"
    "      end\n"
    "      rs:free()\n"
    "   end\n"
    "   C.bench_null_result(nil, nil)\n"
    "end\n"
    "ops[5] = function(s)\n"
    "   con:bulk_insert_init('INSERT INTO t VALUES')\n"
    "   con:bulk_insert_next_rand(s, num(s, 1), num(s, 3))\n"
    "   con:bulk_insert_next(s)\n"
    "   con:bulk_insert_done()\n"
    "end\n"
    "ops[6] = function(s) con:query(s) end\n"
    "function fuzz_one()\n"
    "   con = sysbench.sql.driver():connect()\n"
    "   local s = ffi.string(C.bench_fuzz_data(), C.bench_fuzz_size())\n"
    "   local op = ops[s:byte(1) % 7]\n"
    "   pcall(op, s:sub(2))\n"
    "   con:disconnect()\n"
    "   con = nil\n"
    "   collectgarbage()\n"
    "end\n";

static struct script *setup(void)
{
    static const char *const options[] = {"db-ps-mode", "disable", NULL};

    return lua_harness_setup("fuzz_lua", script, sizeof(script) - 1, options);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 65536) return 0;
    if (!state) setup();
    cur     = data;
    cur_len = size;
    script_call(state, "fuzz_one", false, 0);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* script_source: see script_source.h. Finding the workload reads files and
 * asks a throw-away Lua state for package.searchpath; it runs nothing of
 * the script itself (script.c does). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "embedded.h"
#include "log.h"
#include "script_source.h"

bool script_source_builtin_at(size_t i, const char **name, const char **desc)
{
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (f->builtin_desc && i-- == 0) {
            *name = f->name;
            *desc = f->builtin_desc;
            return true;
        }
    return false;
}

bool script_source_workload_at(size_t i, const char **name)
{
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (embedded_is_workload(f) && f->len > 2 && f->data[0] == '#' &&
            f->data[1] == '!' && i-- == 0) {
            *name = f->name;
            return true;
        }
    return false;
}

/* package.path and cpath as sysbench 1.0.20 sets them (INV 9.10), with
 * LUA_PATH / LUA_CPATH replacing them and ";;" expanding to the default.
 * Built on L's stack rather than in C buffers: every worker thread runs
 * this, and kilobytes of buffers here were the deepest frame of a worker's
 * start-up, touching stack pages it never used again (docs/perf-history.md,
 * threads_startup). Pops the default from the top of the stack. */
static void set_path(lua_State *L, const char *field, const char *envvar)
{
    const char *user = getenv(envvar);
    int def          = lua_gettop(L);
    const char *p;

    if (user) {
        lua_pushliteral(L, "");
        while ((p = strstr(user, ";;")) != NULL) {
            lua_pushlstring(L, user, (size_t) (p - user) + 1); /* with ';' */
            lua_pushvalue(L, def);
            lua_concat(L, 3);
            user = p + 2;
        }
        lua_pushstring(L, user);
        lua_concat(L, 2);
        lua_remove(L, def);
    }
    lua_getglobal(L, "package");
    lua_insert(L, -2);
    lua_setfield(L, -2, field);
    lua_pop(L, 1);
}

void script_source_set_paths(lua_State *L)
{
    const char *home = getenv("HOME");

    if (home)
        lua_pushfstring(L,
                        "%s/.luarocks/share/lua/5.1/?.lua;"
                        "%s/.luarocks/share/lua/5.1/?/init.lua;"
                        "%s/.luarocks/share/lua/?.lua;"
                        "%s/.luarocks/share/lua/?/init.lua;",
                        home, home, home, home);
    else
        lua_pushliteral(L, "");
    lua_pushfstring(L,
                    "./?.lua;./?/init.lua;./src/lua/?.lua;%s"
                    "/usr/local/share/lua/5.1/?.lua;/usr/share/lua/5.1/?.lua;"
                    "%s/?.lua;",
                    lua_tostring(L, -1), PKGDATADIR);
    lua_remove(L, -2);
    set_path(L, "path", "LUA_PATH");
    if (home)
        lua_pushfstring(L,
                        "%s/.luarocks/lib/lua/5.1/?.so;"
                        "%s/.luarocks/lib/lua/?.so;",
                        home, home);
    else
        lua_pushliteral(L, "");
    lua_pushfstring(L,
                    "./?.so;%s/usr/local/lib/lua/5.1/?.so;"
                    "/usr/lib/lua/5.1/?.so;%s;",
                    lua_tostring(L, -1), PKGLIBDIR);
    lua_remove(L, -2);
    set_path(L, "cpath", "LUA_CPATH");
}

/* A script is source text: anything past this is a mistake such as
 * `bench /dev/zero run`, which grew the buffer until memory ran out. The
 * same bound holds for a file and for the standard input. */
#define SCRIPT_MAX_BYTES ((size_t) 64 << 20)

/* Reads all of `f`: the text (to free), NUL-terminated, or NULL with errno
 * set (EFBIG past SCRIPT_MAX_BYTES). */
static char *read_stream(FILE *f, size_t *len)
{
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1), *t;

    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        if (cap >= SCRIPT_MAX_BYTES) {
            free(buf);
            errno = EFBIG;
            return NULL;
        }
        if (!(t = realloc(buf, (cap *= 2) + 1))) break;
        buf = t;
    }
    if (!buf || ferror(f)) {
        int e = buf ? errno : ENOMEM;
        free(buf);
        errno = e;
        return NULL;
    }
    buf[n] = '\0';
    *len   = n;
    return buf;
}

static const char *read_error(void)
{
    return errno == EFBIG ? "larger than 64 MiB, not a script"
                          : strerror(errno);
}

static int fill_source(struct script_source *out, const char *sname,
                       const char *path, const char *chunk, char *text,
                       size_t len)
{
    char *cn = strdup(chunk);

    out->sname     = strdup(sname);
    out->path      = path ? strdup(path) : NULL;
    out->chunkname = cn;
    out->text      = text;
    out->len       = len;
    /* "#!" first line: turn it into a comment, keeping line numbers. */
    if (len >= 2 && text[0] == '#' && text[1] == '!') text[0] = text[1] = '-';
    if (!out->sname || !cn || (path && !out->path)) return SCRIPT_ERROR;
    return SCRIPT_FOUND;
}

static char *basename_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return (char *) (slash && slash[1] ? slash + 1 : path);
}

static char *search_module(const char *name)
{
    lua_State *L = luaL_newstate();
    char *found  = NULL;

    if (!L) return NULL;
    luaL_openlibs(L);
    script_source_set_paths(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchpath");
    lua_pushstring(L, name);
    lua_getfield(L, -3, "path");
    if (lua_pcall(L, 2, 1, 0) == 0 && lua_isstring(L, -1))
        found = strdup(lua_tostring(L, -1));
    lua_close(L);
    return found;
}

static int source_embedded(struct script_source *out, const char *name,
                           const struct embedded_file *f)
{
    char chunk[256];

    out->builtin = f->builtin_desc != NULL;
    snprintf(chunk, sizeof(chunk), "@%s.lua", name);
    return fill_source(out, name, name, chunk, strndup(f->data, f->len),
                       f->len);
}

static int source_file(struct script_source *out, const char *testname,
                       const char *path, FILE *fp)
{
    size_t len;
    char *text = read_stream(fp, &len), *chunk;
    int rc;

    if (!text) {
        log_fatal("script: read %s: %s", path, read_error());
        return SCRIPT_ERROR;
    }
    if (!(chunk = malloc(strlen(path) + 2))) {
        free(text);
        return SCRIPT_ERROR;
    }
    sprintf(chunk, "@%s", path);
    rc = fill_source(out, basename_of(testname), testname, chunk, text, len);
    free(chunk);
    return rc;
}

/* The legacy OLTP scripts are installed as <pkgdatadir>/oltp_legacy/.
 * Users type sysbench's paths (/usr/share/sysbench/tests/include/
 * oltp_legacy/oltp.lua, or relative to a sysbench source tree): when such
 * a path, ending in oltp_legacy/<name>.lua, names no file, the module
 * oltp_legacy.<name> is looked up on package.path instead (LUA_PATH, then
 * the installed copy). Returns its path (to free), or NULL. */
static char *find_legacy_oltp(const char *testname)
{
    static const char dir[] = "oltp_legacy/";
    const size_t dlen       = sizeof(dir) - 1;
    const char *name        = strrchr(testname, '/');
    char module[256];
    size_t n;

    if (!name || (size_t) (name + 1 - testname) < dlen ||
        strncmp(name + 1 - dlen, dir, dlen) != 0)
        return NULL;
    n = strlen(++name);
    if (n <= 4 || strcmp(name + n - 4, ".lua") != 0 ||
        (size_t) snprintf(module, sizeof(module), "oltp_legacy.%.*s",
                          (int) (n - 4), name) >= sizeof(module))
        return NULL;
    return search_module(module);
}

/* sysbench's order: built-in test, file, module on package.path; then the
 * bundled scripts compiled in (installed copies win, PD-8). */
static enum script_resolve_result resolve_named(const char *testname,
                                                struct script_source *out)
{
    const struct embedded_file *f = embedded_find(testname);
    char *modpath                 = NULL;
    FILE *fp;
    int rc;

    if (f && f->builtin_desc) return source_embedded(out, testname, f);
    fp = fopen(testname, "r");
    if (!fp && !strchr(testname, '/') && (modpath = search_module(testname)))
        fp = fopen(modpath, "r");
    if (!fp && !modpath && (modpath = find_legacy_oltp(testname)) &&
        (fp = fopen(modpath, "r"))) {
        /* `test` must name the real file: common.lua is found next to it. */
        rc = source_file(out, modpath, modpath, fp);
        fclose(fp);
        free(modpath);
        return rc;
    }
    if (fp) {
        rc = source_file(out, testname, modpath ? modpath : testname, fp);
        fclose(fp);
        free(modpath);
        return rc;
    }
    free(modpath);
    if (f && embedded_is_workload(f)) return source_embedded(out, testname, f);
    return SCRIPT_NOT_FOUND;
}

enum script_resolve_result script_source_resolve(const char *testname,
                                                 struct script_source *out)
{
    size_t len;
    char *text;

    *out = (struct script_source){0};
    if (testname && strcmp(testname, "-") != 0)
        return resolve_named(testname, out);
    if (isatty(STDIN_FILENO))
        log_notice("Reading the script from the standard input:");
    if (!(text = read_stream(stdin, &len))) {
        log_fatal("script: read the standard input: %s", read_error());
        return SCRIPT_ERROR;
    }
    /* "=stdin": errors read "stdin:1: ...", as sysbench's. */
    return fill_source(out, "<stdin>", NULL, "=stdin", text, len);
}

void script_source_fini(struct script_source *src)
{
    free(src->sname);
    free(src->path);
    free(src->chunkname);
    free(src->text);
    *src = (struct script_source){0};
}

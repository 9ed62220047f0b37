// V8's compiled code for the modules the web host loads at start (the core's chunks and the
// libraries they require), kept on disk between launches: a relaunch reuses it instead of
// compiling the same code again, and the core's code is on the path to the page's first answer.
// Node 22 has this built in (module.enableCompileCache); this host also runs on Node 20.
// Only while switched on: each CommonJS module compiled meanwhile is compiled with the cached data
// of the same file and content when there is some, and the cache is written for those that had
// none once `save` is called (after the code has run, so the functions it compiled are included).
// Anything unusual falls back to Node's own compilation; a cache that cannot be read or written
// costs only the time it would have saved.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';

/** Built JavaScript only: TypeScript run through tsx (development) keeps Node's path and its source maps. */
const CACHED_FILES = /\.c?js$/;

type Compile = (this: NodeModule, content: string, filename: string) => unknown;

interface ModuleInternals {
  prototype: { _compile: Compile };
  wrap(content: string): string;
  _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: { paths?: string[] }): string;
  _nodeModulePaths(from: string): string[];
  _cache: NodeJS.Require['cache'];
  _extensions: NodeJS.Require['extensions'];
}

export interface CompileCache {
  /** Writes the cache of the modules compiled without one; stops caching. */
  save(): void;
}

export function enableCompileCache(dir: string): CompileCache {
  const internals = Module as unknown as ModuleInternals;
  const original = internals.prototype._compile;
  const toSave: Array<{ file: string; script: Script }> = [];
  let on = true;
  internals.prototype._compile = function compileWithCache(this: NodeModule, content: string, filename: string) {
    if (!on || !CACHED_FILES.test(filename) || content.startsWith('#!')) return original.call(this, content, filename);
    const file = join(dir, `${createHash('sha1').update(`${process.version}\0${filename}\0`).update(content).digest('hex')}.bin`);
    let script: Script;
    try {
      script = new Script(internals.wrap(content), {
        filename,
        cachedData: readCache(file),
        importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      return original.call(this, content, filename);
    }
    if (script.cachedDataRejected !== false) toSave.push({ file, script });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireFor(internals, this), this, filename, dirname(filename));
  };
  return {
    save() {
      if (!on) return;
      on = false;
      internals.prototype._compile = original;
      try {
        mkdirSync(dir, { recursive: true });
        for (const { file, script } of toSave) writeFileSync(file, script.createCachedData());
      } catch {
        // a read-only or full disk: the next launch compiles as this one did
      }
    },
  };
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The `require` a module gets, as Node makes it. */
function requireFor(internals: ModuleInternals, module: NodeModule): NodeJS.Require {
  const require = ((id: string) => module.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: { paths?: string[] }) => internals._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => (request.startsWith('.') ? [dirname(module.filename)] : internals._nodeModulePaths(dirname(module.filename)));
  require.resolve = resolve;
  require.main = process.mainModule;
  require.cache = internals._cache;
  require.extensions = internals._extensions;
  return require;
}

// The project's import graph, resolved the way TypeScript resolves it (moduleResolution Bundler),
// type-only imports included: a type cycle still couples the modules' meaning and load order for
// anyone reading them, and the bundler-free CLI (tsx) loads them as values when the `type` is lost.
// Built once per ESLint process from the source folders, then kept in step with each file being
// linted (an editor's unsaved text counts), so the cycle and boundary rules agree with what is on screen.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const SOURCE_FILE = /\.(ts|mts|vue)$/;
const VUE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowJs: false,
};

/** Specifiers written in one file's text: imports, re-exports, `import()` and `import('x').T`. */
export function specifiersInText(fileName, text) {
  const code = fileName.endsWith('.vue') ? [...text.matchAll(VUE_SCRIPT)].map((m) => m[1]).join('\n') : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((ref) => ref.fileName);
}

function sourceFilesUnder(folder) {
  const found = [];
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFilesUnder(path));
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/**
 * @param {{ root: string, folders: string[] }} options root is the project folder; folders are
 *   the source folders (relative to root) whose files form the graph.
 */
export function createImportGraph({ root, folders }) {
  const projectRoot = resolve(root);
  const resolutionCache = ts.createModuleResolutionCache(projectRoot, (name) => name, COMPILER_OPTIONS);
  /** @type {Map<string, string[]>} file -> project files it imports (absolute paths) */
  let edges = null;
  /** @type {Map<string, number>} file -> id of its strongly connected component */
  let componentOf = null;
  /** @type {Map<number, string[]>} component id -> its files, for components that are cycles */
  let cyclicComponents = null;

  function inProject(path) {
    const rel = relative(projectRoot, path);
    return !rel.startsWith('..') && folders.some((folder) => rel === folder || rel.startsWith(folder + sep));
  }

  /** The file under root a specifier names, or null for packages, node built-ins and unresolved names. */
  function resolveInRoot(specifier, fromFile) {
    let path;
    if (specifier.endsWith('.vue') && specifier.startsWith('.')) {
      path = resolve(dirname(fromFile), specifier);
    } else {
      const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, COMPILER_OPTIONS, ts.sys, resolutionCache);
      if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
      path = resolve(resolvedModule.resolvedFileName);
    }
    return relative(projectRoot, path).startsWith('..') ? null : path;
  }

  /** The file of the graph's folders a specifier names, or null. */
  function resolveSpecifier(specifier, fromFile) {
    const path = resolveInRoot(specifier, fromFile);
    return path && inProject(path) ? path : null;
  }

  function targetsOf(file, specifiers) {
    const targets = new Set();
    for (const specifier of specifiers) {
      const target = resolveSpecifier(specifier, file);
      if (target) targets.add(target);
    }
    return [...targets];
  }

  function build() {
    edges = new Map();
    for (const folder of folders) {
      const absolute = join(projectRoot, folder);
      let stat;
      try {
        stat = statSync(absolute);
      } catch {
        continue;
      }
      const files = stat.isDirectory() ? sourceFilesUnder(absolute) : [absolute];
      for (const file of files) edges.set(file, targetsOf(file, specifiersInText(file, readFileSync(file, 'utf8'))));
    }
    componentOf = null;
  }

  // Tarjan's strongly connected components, iterative so a deep import chain cannot overflow the stack.
  function computeComponents() {
    componentOf = new Map();
    cyclicComponents = new Map();
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    let counter = 0;
    let componentId = 0;
    for (const start of edges.keys()) {
      if (index.has(start)) continue;
      const work = [[start, 0]];
      index.set(start, counter);
      low.set(start, counter++);
      stack.push(start);
      onStack.add(start);
      while (work.length > 0) {
        const frame = work[work.length - 1];
        const [node, next] = frame;
        const targets = edges.get(node) ?? [];
        if (next < targets.length) {
          frame[1] += 1;
          const target = targets[next];
          if (!edges.has(target)) continue;
          if (!index.has(target)) {
            index.set(target, counter);
            low.set(target, counter++);
            stack.push(target);
            onStack.add(target);
            work.push([target, 0]);
          } else if (onStack.has(target)) {
            low.set(node, Math.min(low.get(node), index.get(target)));
          }
          continue;
        }
        work.pop();
        if (work.length > 0) {
          const parent = work[work.length - 1][0];
          low.set(parent, Math.min(low.get(parent), low.get(node)));
        }
        if (low.get(node) !== index.get(node)) continue;
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          componentOf.set(member, componentId);
          members.push(member);
        } while (member !== node);
        const selfImport = members.length === 1 && (edges.get(node) ?? []).includes(node);
        if (members.length > 1 || selfImport) cyclicComponents.set(componentId, members);
        componentId += 1;
      }
    }
  }

  function ensure() {
    if (!edges) build();
    if (!componentOf) computeComponents();
  }

  /** Brings one file's edges up to date with the text being linted; returns its resolved targets. */
  function updateFile(file, specifiers) {
    ensure();
    const path = resolve(file);
    const targets = targetsOf(path, specifiers);
    if (!inProject(path)) return targets;
    const before = edges.get(path);
    const same = before && before.length === targets.length && before.every((t, i) => t === targets[i]);
    if (!same) {
      edges.set(path, targets);
      componentOf = null;
      ensure();
    }
    return targets;
  }

  /** Shortest import chain from `from` back to `to` inside one cycle, as project-relative paths. */
  function chainBetween(from, to) {
    const component = componentOf.get(from);
    const previous = new Map([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const node = queue.shift();
      if (node === to) break;
      for (const target of edges.get(node) ?? []) {
        if (previous.has(target) || componentOf.get(target) !== component) continue;
        previous.set(target, node);
        queue.push(target);
      }
    }
    const chain = [];
    for (let node = to; node !== null && node !== undefined; node = previous.get(node)) chain.unshift(node);
    return chain.map((node) => relative(projectRoot, node).split(sep).join('/'));
  }

  /** True when importing `target` from `file` closes a cycle. */
  function closesCycle(file, target) {
    ensure();
    const component = componentOf.get(resolve(file));
    return component !== undefined && cyclicComponents.has(component) && componentOf.get(target) === component;
  }

  /** Every cycle (strongly connected component) in the graph, as sorted project-relative paths. */
  function cycles() {
    ensure();
    return [...cyclicComponents.values()]
      .map((members) => members.map((m) => relative(projectRoot, m).split(sep).join('/')).sort())
      .sort((a, b) => a[0].localeCompare(b[0]));
  }

  return { projectRoot, resolveInRoot, resolveSpecifier, updateFile, closesCycle, chainBetween, cycles };
}

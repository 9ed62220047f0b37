// npx tsx test/bench/first-screen-js.ts [Page ...] — what the built renderer makes the browser
// fetch before a page can show: the chunks index.html loads and preloads, every chunk they import
// statically, then each named page's chunk (WalletPage by default) and its static imports. Sizes
// are the files on disk and their brotli copies (what the web host sends). The dynamic imports those
// chunks hold are listed too: they are fetched only when something asks for them. Needs a build
// (npx electron-vite build); the quick check between two runs of bench:startup.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const OUT = resolve(__dirname, '../../out/renderer');
const ASSETS = join(OUT, 'assets');
const TARGET_SENT_BYTES = 300 * 1024;

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` as the minifier writes them. */
const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']\.\/([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g;

interface Sizes {
  raw: number;
  sent: number;
}

function sizesOf(file: string): Sizes {
  const path = join(ASSETS, file);
  const brotli = `${path}.br`;
  return { raw: statSync(path).size, sent: existsSync(brotli) ? statSync(brotli).size : statSync(path).size };
}

function importsOf(file: string, pattern: RegExp): string[] {
  const source = readFileSync(join(ASSETS, file), 'utf8');
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** The chunks reachable from `roots` by static imports, leaving out those in `known`. */
function staticClosure(roots: string[], known: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const queue = roots.filter((root) => !known.has(root));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || known.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file, STATIC_IMPORT));
  }
  return [...seen];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

function total(files: string[]): Sizes {
  return files.map(sizesOf).reduce((sum, one) => ({ raw: sum.raw + one.raw, sent: sum.sent + one.sent }), { raw: 0, sent: 0 });
}

function printGroup(label: string, files: string[]): Sizes {
  const sum = total(files);
  console.log(`${label}: ${files.length} files, ${kb(sum.sent).trim()} sent (brotli), ${kb(sum.raw).trim()} decoded`);
  const bySize = [...files].sort((a, b) => sizesOf(b).raw - sizesOf(a).raw);
  for (const file of bySize) {
    const one = sizesOf(file);
    console.log(`  ${kb(one.sent)} ${kb(one.raw)}  ${file}`);
  }
  return sum;
}

function main(): void {
  if (!existsSync(join(OUT, 'index.html'))) throw new Error('out/renderer/index.html is missing: build first (npx electron-vite build)');
  const html = readFileSync(join(OUT, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const shell = staticClosure(fromHtml, new Set());
  const shellSum = printGroup('index.html and its static imports', shell);
  const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['WalletPage'];
  const chunks = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  for (const page of pages) {
    const chunk = chunks.find((file) => file.startsWith(`${page}-`));
    if (chunk === undefined) throw new Error(`no chunk named ${page}-*.js in ${ASSETS}`);
    const pageFiles = staticClosure([chunk], new Set(shell));
    const pageSum = printGroup(`\n${page} on top of that`, pageFiles);
    const sent = shellSum.sent + pageSum.sent;
    const ratio = (sent / TARGET_SENT_BYTES).toFixed(2);
    console.log(
      `\nfirst screen on ${page}: ${shell.length + pageFiles.length} files, ${kb(sent).trim()} sent ` +
        `(target ≤ ${kb(TARGET_SENT_BYTES).trim()}, ${ratio}× target), ${kb(shellSum.raw + pageSum.raw).trim()} decoded`,
    );
    const reachable = new Set([...shell, ...pageFiles]);
    const onDemand = [...new Set([...reachable].flatMap((file) => importsOf(file, DYNAMIC_IMPORT)))].filter((file) => !reachable.has(file));
    console.log(`  fetched only when asked for (dynamic imports): ${onDemand.join(', ')}`);
  }
}

main();

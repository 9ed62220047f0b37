// Local rules over the resolved import graph: no import cycles, and which folder may import which.
// Both resolve specifiers as TypeScript does, so `../db/open` from two depths is told apart and a
// boundary cannot be slipped through a re-export or a type-only import.
import { relative, resolve, sep } from 'node:path';
import { createImportGraph } from './import-graph.mjs';
import { importVisitors } from './import-nodes.mjs';

function projectPath(graph, file) {
  return relative(graph.projectRoot, resolve(file)).split(sep).join('/');
}

function isUnder(path, prefix) {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : prefix + '/');
}

function noImportCycle(graph) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Disallow imports (type-only ones included) that close an import cycle.' },
      schema: [],
      messages: { cycle: 'Import cycle: {{chain}}. Move what both sides share into a module that imports neither.' },
    },
    create(context) {
      const file = resolve(context.filename);
      return importVisitors((imports) => {
        graph.updateFile(file, imports.map((i) => i.specifier));
        for (const { node, specifier } of imports) {
          const target = graph.resolveSpecifier(specifier, file);
          if (!target || !graph.closesCycle(file, target)) continue;
          const chain = [projectPath(graph, file), ...graph.chainBetween(target, file)].join(' → ');
          context.report({ node, messageId: 'cycle', data: { chain } });
        }
      });
    },
  };
}

const zoneSchema = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    allow: { type: 'array', items: { type: 'string' } },
    forbid: { type: 'array', items: { type: 'string' } },
    message: { type: 'string' },
  },
  required: ['from', 'message'],
  additionalProperties: false,
};

function importBoundaries(graph) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Files of one folder may import only from the folders their zone allows.' },
      schema: [{ type: 'object', properties: { zones: { type: 'array', items: zoneSchema } }, additionalProperties: false }],
      messages: { boundary: '{{from}} may not import {{target}}: {{message}}' },
    },
    create(context) {
      const file = resolve(context.filename);
      const path = projectPath(graph, file);
      const zones = (context.options[0]?.zones ?? []).filter((zone) => isUnder(path, zone.from));
      if (zones.length === 0) return {};
      return importVisitors((imports) => {
        for (const { node, specifier } of imports) {
          const resolved = graph.resolveInRoot(specifier, file);
          if (!resolved) continue;
          const target = projectPath(graph, resolved);
          for (const zone of zones) {
            const allowed = zone.allow ? zone.allow.some((prefix) => isUnder(target, prefix)) : true;
            const forbidden = (zone.forbid ?? []).some((prefix) => isUnder(target, prefix));
            if (allowed && !forbidden) continue;
            context.report({ node, messageId: 'boundary', data: { from: zone.from, target, message: zone.message } });
            break;
          }
        }
      });
    },
  };
}

/** @param {{ root: string, folders: string[] }} options the project folder and the graph's source folders. */
export function localPlugin(options) {
  const graph = createImportGraph(options);
  return {
    meta: { name: 'coffer-local' },
    rules: { 'no-import-cycle': noImportCycle(graph), 'import-boundaries': importBoundaries(graph) },
  };
}

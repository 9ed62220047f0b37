// The import-like nodes of one linted file, each with the specifier it names: the same set
// TypeScript's preProcessFile finds (so the graph built from disk and the linted text agree).
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TSLiteralType') return literalText(node.literal);
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  return null;
}

/**
 * Calls `onImport(node, specifier)` for every import in the file, then `onEnd(all)` with the
 * list of { node, specifier } once the whole program has been walked.
 */
export function importVisitors(onEnd) {
  const found = [];
  const add = (node, sourceNode) => {
    const specifier = literalText(sourceNode);
    if (specifier !== null) found.push({ node, specifier });
  };
  return {
    ImportDeclaration: (node) => add(node, node.source),
    ExportNamedDeclaration: (node) => add(node, node.source),
    ExportAllDeclaration: (node) => add(node, node.source),
    ImportExpression: (node) => add(node, node.source),
    TSImportType: (node) => add(node, node.source ?? node.argument),
    TSExternalModuleReference: (node) => add(node, node.expression),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) {
        add(node, node.arguments[0]);
      }
    },
    'Program:exit': () => onEnd(found),
  };
}

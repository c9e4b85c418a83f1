// DESIGN.md import rules that need the imported file's real path, not the text of the import:
// `../orders/repo.ts`, `../../modules/orders/repo.ts` and `~/features/esim/x` all name a file,
// and the rule decides on that file. A local rule instead of eslint-plugin-boundaries: it needs
// no dependency and resolves exactly what our imports use (relative paths and the `~/` alias).
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT = resolve(ROOT, 'src/client');

/** The project-relative, '/'-separated path an import specifier names, or null for a package. */
function target(fromFile, specifier) {
  let absolute;
  if (specifier.startsWith('./') || specifier.startsWith('../')) absolute = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('~/')) absolute = resolve(CLIENT, specifier.slice(2));
  else return null;
  return relative(ROOT, absolute).split(sep).join('/');
}

const SERVER_MODULE = /^src\/server\/modules\/([^/]+)\//;
const MODULE_REPO = /^src\/server\/modules\/([^/]+)\/repo[^/]*$/;
const CLIENT_FEATURE = /^src\/client\/features\/([^/]+)(?:\/|$)/;

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A server module reads another module's tables only through its service; a client feature does not import another feature.",
    },
    messages: {
      foreignRepo:
        "Only the {{owner}} module imports its repo: call the {{owner}} module's service instead (docs/architecture.md, ADR 026).",
      siblingFeature: 'A feature does not import another feature ({{other}}): compose them in a route.',
    },
    schema: [],
  },
  create(context) {
    const file = relative(ROOT, context.filename).split(sep).join('/');
    const ownModule = SERVER_MODULE.exec(file)?.[1];
    const ownFeature = CLIENT_FEATURE.exec(file)?.[1];

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const path = target(context.filename, source.value);
      if (!path) return;
      const owner = MODULE_REPO.exec(path)?.[1];
      if (file.startsWith('src/') && owner && owner !== ownModule) {
        context.report({ node: source, messageId: 'foreignRepo', data: { owner } });
      }
      const other = CLIENT_FEATURE.exec(path)?.[1];
      if (ownFeature && other && other !== ownFeature) {
        context.report({ node: source, messageId: 'siblingFeature', data: { other } });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'openline-boundaries' }, rules: { 'module-boundaries': moduleBoundaries } };

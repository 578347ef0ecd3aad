// ESLint rule that keeps the shape of docs/architecture.md:
//  - a remote never imports another remote (nor the shell, nor the api);
//  - inside a remote, a feature never imports another feature (bulletproof-react);
//  - an API module never imports another module's internals; the platform imports no module;
//  - shared-ui imports no remote, no shell and no api;
//  - only shared-ui imports react-router (the apps share its re-export, one copy, one context).
import path from 'node:path';

const workspacePackages = /^@portal\/(shell|api|shared-ui|mfe-[a-z-]+)(\/|$)/;

/** Where a file sits: its workspace package, its API module or remote feature, if any. */
export function placeOf(file, root) {
  const parts = path.relative(root, file).split(path.sep);
  const pkg = parts[0] ?? '';
  const place = { pkg, area: null };
  if (pkg === 'api' && parts[1] === 'src' && parts[2] === 'modules' && parts.length > 4)
    place.area = `module:${parts[3]}`;
  else if (pkg === 'api' && parts[1] === 'src' && parts[2] === 'platform') place.area = 'platform';
  else if (pkg.startsWith('mfe-') && parts[1] === 'src' && parts[2] === 'features' && parts.length > 4)
    place.area = `feature:${parts[3]}`;
  return place;
}

/** The reason an import breaks the shape, or null when it is allowed. */
export function violation(fromFile, specifier, root) {
  const from = placeOf(fromFile, root);
  // One router copy and one router context: apps take routing from shared-ui (tree-shaken re-export).
  if (/^react-router(-dom)?(\/|$)/.test(specifier) && from.pkg !== 'shared-ui')
    return 'import routing from @portal/shared-ui, which re-exports react-router once for every app';
  const pkgImport = specifier.match(workspacePackages);
  let to;
  if (pkgImport) to = { pkg: pkgImport[1], area: null };
  else if (specifier.startsWith('.')) to = placeOf(path.resolve(path.dirname(fromFile), specifier), root);
  else return null;

  const isRemote = (pkg) => pkg.startsWith('mfe-');
  if (isRemote(from.pkg) && to.pkg !== from.pkg && to.pkg !== 'shared-ui')
    return `a remote (${from.pkg}) may import only itself and shared-ui, not ${to.pkg}`;
  if (from.pkg === 'shared-ui' && to.pkg !== 'shared-ui') return `shared-ui may not import ${to.pkg}`;
  if (from.pkg === 'shell' && isRemote(to.pkg))
    return `the shell loads remotes at run time; it may not import ${to.pkg}`;
  if (from.pkg !== 'api' && to.pkg === 'api' && !specifier.startsWith('.'))
    return `front-end code may not import the api package`;
  if (
    from.area?.startsWith('feature:') &&
    to.area?.startsWith('feature:') &&
    from.area !== to.area &&
    from.pkg === to.pkg
  )
    return `features do not import each other (${from.area} -> ${to.area}); move shared code to the remote's src/lib or shared-ui`;
  if (from.area?.startsWith('module:') && to.area?.startsWith('module:') && from.area !== to.area)
    return `API modules do not import each other's internals (${from.area} -> ${to.area}); share through src/platform`;
  if (from.area === 'platform' && to.area?.startsWith('module:'))
    return `the platform layer may not import a module (${to.area})`;
  return null;
}

export function boundariesPlugin(root) {
  const check = (context, node) => {
    const specifier = node.source?.value;
    if (typeof specifier !== 'string') return;
    const reason = violation(context.filename, specifier, root);
    if (reason) context.report({ node, message: reason });
  };
  return {
    rules: {
      imports: {
        meta: {
          type: 'problem',
          docs: { description: 'keep the workspace shape of docs/architecture.md' },
          schema: [],
        },
        create: (context) => ({
          ImportDeclaration: (node) => check(context, node),
          ExportNamedDeclaration: (node) => check(context, node),
          ExportAllDeclaration: (node) => check(context, node),
          ImportExpression: (node) => check(context, node),
        }),
      },
    },
  };
}

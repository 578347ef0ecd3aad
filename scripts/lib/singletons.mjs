// Publishing refuses a remote whose shared singletons the shell cannot serve: with
// `singleton: true` Module Federation loads the shell's one copy whatever the remote asked for and
// only warns, so a remote built for React 18 would break the page at run time instead of at publish.
import semver from 'semver';

/**
 * The problems, one line each: a required singleton the shell does not provide, or provides in a
 * version outside the required range. `required`: name -> range (mf-manifest.json's requiredVersion);
 * `provided`: name -> version (shell/dist/provided-shared.json).
 */
export function incompatibleSingletons(required, provided) {
  const problems = [];
  for (const [name, range] of Object.entries(required).sort(([a], [b]) => a.localeCompare(b))) {
    const version = provided[name];
    if (version === undefined) problems.push(`${name} ${range} is required, but the shell does not provide ${name}`);
    else if (range && range !== '*' && !semver.satisfies(version, range, { includePrerelease: true }))
      problems.push(`${name} ${range} is required, but the shell provides ${version}`);
  }
  return problems;
}

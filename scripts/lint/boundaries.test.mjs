import { describe, expect, it } from 'vitest';
import { violation } from './boundaries.mjs';

const root = '/repo';
const at = (file) => `${root}/${file}`;

describe('import boundaries of docs/architecture.md', () => {
  it('a remote never imports another remote', () => {
    expect(violation(at('mfe-wallet/src/App.tsx'), '@portal/mfe-admin', root)).toMatch(/remote/);
    expect(violation(at('mfe-wallet/src/App.tsx'), '../../mfe-admin/src/App', root)).toMatch(/remote/);
    expect(violation(at('mfe-wallet/src/App.tsx'), '@portal/shared-ui', root)).toBeNull();
  });

  it('a feature of a remote does not import another feature', () => {
    expect(violation(at('mfe-wallet/src/features/dashboard/components/A.tsx'), '../../send-money/api/x', root)).toMatch(
      /features/,
    );
    expect(
      violation(at('mfe-wallet/src/features/dashboard/components/A.tsx'), '../api/get-dashboard', root),
    ).toBeNull();
  });

  it("an API module never imports another module's internals; the platform imports no module", () => {
    expect(violation(at('api/src/modules/wallet/service.ts'), '../admin/service', root)).toMatch(/modules/);
    expect(violation(at('api/src/modules/wallet/service.ts'), '../../platform/ledger', root)).toBeNull();
    expect(violation(at('api/src/platform/ledger/index.ts'), '../../modules/wallet/service', root)).toMatch(/platform/);
  });

  it('routing comes from shared-ui only', () => {
    expect(violation(at('mfe-wallet/src/App.tsx'), 'react-router-dom', root)).toMatch(/shared-ui/);
    expect(violation(at('shared-ui/src/router.ts'), 'react-router', root)).toBeNull();
  });

  it('shared-ui imports no remote and the shell imports no remote at build time', () => {
    expect(violation(at('shared-ui/src/index.ts'), '@portal/mfe-wallet', root)).toMatch(/shared-ui/);
    expect(violation(at('shell/src/App.tsx'), '@portal/mfe-wallet', root)).toMatch(/run time/);
  });
});

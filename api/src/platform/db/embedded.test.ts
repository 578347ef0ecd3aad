import { describe, expect, it } from 'vitest';
import './embedded.js';

describe('embedded PostgreSQL does not hide failures', () => {
  it("leaves no 'beforeExit' or 'exit' handler that would exit with code 0 over a failing test run", () => {
    const forcing = [...process.listeners('beforeExit'), ...process.listeners('exit')].filter((l) => l.toString().includes('eventFilters'));
    expect(forcing).toEqual([]);
  });
});

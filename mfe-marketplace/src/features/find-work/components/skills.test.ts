import { describe, expect, it } from 'vitest';
import { FALLBACK_SKILLS, cardSkills } from './skills';

describe('project card skills (docs/product.md "Marketplace": 3 skills, then +N more)', () => {
  it('shows up to three and counts the rest', () => {
    expect(cardSkills(['a', 'b'])).toEqual({ visible: ['a', 'b'], more: null });
    expect(cardSkills(['a', 'b', 'c'])).toEqual({ visible: ['a', 'b', 'c'], more: null });
    expect(cardSkills(['a', 'b', 'c', 'd', 'e'])).toEqual({ visible: ['a', 'b', 'c'], more: '+2 more' });
  });
  it('the fallback list when the skills call fails has ten skills (docs/product.md "Marketplace")', () => {
    expect(new Set(FALLBACK_SKILLS).size).toBe(10);
  });
});

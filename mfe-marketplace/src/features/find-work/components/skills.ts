/** docs/product.md "Marketplace": when get_distinct_skills fails, Find work offers a fixed list of ten skills (the ten are not named: ours). */
export const FALLBACK_SKILLS = [
  'JavaScript',
  'React',
  'Node.js',
  'Python',
  'UI/UX Design',
  'Graphic Design',
  'Content Writing',
  'SEO',
  'Mobile Development',
  'Data Analysis',
];

/** docs/product.md "Marketplace": a project card shows at most 3 skills, then a '+N more' badge. */
export function cardSkills(skills: string[], shown = 3): { visible: string[]; more: string | null } {
  return { visible: skills.slice(0, shown), more: skills.length > shown ? `+${skills.length - shown} more` : null };
}

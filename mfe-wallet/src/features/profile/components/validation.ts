/** docs/product.md "Profile, PIN and KYC" rules, checked before sending (the server checks the same and has the last word). */
export function fullNameError(v: string): string | null {
  if (!v.trim()) return 'Full name cannot be empty.';
  if (v.trim().length > 100) return 'Full name must be at most 100 characters.';
  return null;
}
export function usernameError(v: string): string | null {
  const s = v.trim();
  if (!s) return 'Username cannot be empty.';
  if (s.length < 3 || s.length > 20) return 'Username must be 3-20 characters.';
  if (!/^[A-Za-z0-9_]+$/.test(s)) return 'Username can only contain letters, numbers, and underscores.';
  return null;
}
/** docs/product.md "Profile, PIN and KYC" rules: the new PIN exactly 4 digits, the current one 4 characters, new = confirm. */
export function pinError(p: {
  current?: string;
  pin: string;
  confirm: string;
}): { title: string; message: string } | null {
  if (!/^\d{4}$/.test(p.pin) || !/^\d{4}$/.test(p.confirm) || (p.current !== undefined && p.current.length !== 4)) {
    return { title: 'Invalid PIN', message: 'PINs must be 4 digits.' };
  }
  if (p.pin !== p.confirm) return { title: "PINs Don't Match", message: 'New PIN and confirm PIN do not match.' };
  return null;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export function imageError(file: File, maxMb: number): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Only JPEG, PNG or WebP images are accepted.';
  if (file.size > maxMb * 1024 * 1024) return `The image must be at most ${maxMb} MB.`;
  return null;
}

/** Age in whole years today (for the 18+ rule of the terms). */
export function ageFrom(isoDate: string, today = new Date()): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

/** Small inline icons (no icon font, no request): 24x24 stroke paths. */
const paths: Record<string, string> = {
  wallet: 'M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V7zm0 0V6a2 2 0 0 1 2-2h11M16 13.5h2',
  briefcase: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  rocket: 'M12 15l-3-3a13 13 0 0 1 9-8 13 13 0 0 1-6 11zM9 12l-4 1 2-4h4M12 15l-1 4 4-2v-4M6 18c-1 1-1 3-1 3s2 0 3-1',
  chat: 'M4 5h16v11H8l-4 4z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
  chart: 'M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3',
  bot: 'M5 9h14v10H5zM12 5v4M9 14h.01M15 14h.01M3 13v3M21 13v3',
  cloud: 'M7 18a4 4 0 0 1-.5-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9z',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  lock: 'M6 11h12v9H6zM8 11V7a4 4 0 0 1 8 0v4',
  key: 'M14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM13 12l7 7M17 16l2-2',
  finger: 'M12 11v4M8 8a5 5 0 0 1 8 0M6 12a6 6 0 0 1 1-5M17 7a6 6 0 0 1 1 5v3M9 19c1-2 1-4 1-7a2 2 0 0 1 4 0',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
};
export type IconName = keyof typeof paths;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={paths[name]} />
    </svg>
  );
}

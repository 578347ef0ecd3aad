import { Prisma } from '../src/generated/prisma/client.js';

/**
 * Money in tests as exact decimals: figures come as the database's or the API's strings and are
 * compared as plain decimal strings without trailing zeros ('148.5', '600', '0'); sums and
 * differences are exact (decimal.js, the library behind Prisma's Decimal), never JavaScript numbers.
 */
type Figure = string | Prisma.Decimal;

/** The figure as a plain decimal string without trailing zeros: '148.500000' -> '148.5'. */
export const exact = (value: Figure) => new Prisma.Decimal(value).toFixed();

/** a + b + ... */
export const plus = (...values: Figure[]) =>
  values.reduce<Prisma.Decimal>((sum, v) => sum.plus(v), new Prisma.Decimal(0)).toFixed();

/** a - b */
export const minus = (a: Figure, b: Figure) => new Prisma.Decimal(a).minus(b).toFixed();

/** a x b */
export const times = (a: Figure, b: Figure) => new Prisma.Decimal(a).times(b).toFixed();

/** -1, 0 or 1 as a is below, equal to or above b. */
export const compare = (a: Figure, b: Figure) => new Prisma.Decimal(a).comparedTo(b);

/** The figure rounded half up to `places` decimals, trailing zeros kept as the API writes it: ('10.5', 2) -> '10.50'. */
export const rounded = (value: Figure, places: number) => new Prisma.Decimal(value).toFixed(places);

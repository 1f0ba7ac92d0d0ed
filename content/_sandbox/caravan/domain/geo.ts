/** Great-circle distances on a spherical Earth (haversine formula). */

/** Mean Earth radius (IUGG), in kilometres. */
const EARTH_RADIUS_KM = 6371.0088;

export interface Coordinates {
  lat: number;
  lon: number;
}

export function greatCircleKm(from: Coordinates, to: Coordinates): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(to.lat - from.lat);
  const dLon = toRadians(to.lon - from.lon);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The length of a path through the points in order, rounded to whole kilometres once, at the end. */
export function pathLengthKm(points: readonly Coordinates[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index += 1) {
    total += greatCircleKm(points[index - 1]!, points[index]!);
  }
  return Math.round(total);
}

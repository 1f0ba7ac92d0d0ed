/**
 * The built-in waypoint gazetteer: the places a partner route may pass through, with their
 * coordinates in decimal degrees (WGS 84). Names are matched case-insensitively.
 */

export interface Waypoint {
  name: string;
  lat: number;
  lon: number;
}

export const WAYPOINTS: readonly Waypoint[] = [
  { name: 'Agadez', lat: 16.9742, lon: 7.9865 },
  { name: 'Aleppo', lat: 36.2021, lon: 37.1343 },
  { name: 'Alexandria', lat: 31.2001, lon: 29.9187 },
  { name: 'Aswan', lat: 24.0889, lon: 32.8998 },
  { name: 'Baghdad', lat: 33.3152, lon: 44.3661 },
  { name: 'Bahariya Oasis', lat: 28.3494, lon: 28.8631 },
  { name: 'Bukhara', lat: 39.7681, lon: 64.4556 },
  { name: 'Cairo', lat: 30.0444, lon: 31.2357 },
  { name: 'Dakhla Oasis', lat: 25.4912, lon: 29.0001 },
  { name: 'Damascus', lat: 33.5138, lon: 36.2765 },
  { name: 'Farafra Oasis', lat: 27.0583, lon: 27.9697 },
  { name: 'Fez', lat: 34.0181, lon: -5.0078 },
  { name: 'Gao', lat: 16.2666, lon: -0.0400 },
  { name: 'Ghadames', lat: 30.1337, lon: 9.5007 },
  { name: 'Kharga Oasis', lat: 25.4390, lon: 30.5586 },
  { name: 'Luxor', lat: 25.6872, lon: 32.6396 },
  { name: 'Marrakesh', lat: 31.6295, lon: -7.9811 },
  { name: 'Merv', lat: 37.6628, lon: 62.1924 },
  { name: 'Ouarzazate', lat: 30.9335, lon: -6.9370 },
  { name: 'Palmyra', lat: 34.5560, lon: 38.2670 },
  { name: 'Rosetta', lat: 31.4044, lon: 30.4164 },
  { name: 'Samarkand', lat: 39.6270, lon: 66.9750 },
  { name: 'Sijilmasa', lat: 31.2800, lon: -4.2700 },
  { name: 'Siwa Oasis', lat: 29.2032, lon: 25.5195 },
  { name: 'Taghaza', lat: 23.6000, lon: -5.0000 },
  { name: 'Tangier', lat: 35.7595, lon: -5.8340 },
  { name: 'Timbuktu', lat: 16.7666, lon: -3.0026 },
  { name: 'Tizi n\'Tichka', lat: 31.2869, lon: -7.3806 },
  { name: 'Tripoli', lat: 32.8872, lon: 13.1913 },
  { name: 'Walata', lat: 17.2833, lon: -7.0333 },
];

const WAYPOINTS_BY_KEY = new Map(WAYPOINTS.map((waypoint) => [waypointKey(waypoint.name), waypoint]));

function waypointKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/** The gazetteer entry for a name (ignoring case and surrounding spaces), if there is one. */
export function findWaypoint(name: string): Waypoint | undefined {
  return WAYPOINTS_BY_KEY.get(waypointKey(name));
}

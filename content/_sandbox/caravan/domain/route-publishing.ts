/** Publishing trade routes to the partner network (v2). */
import { findWaypoint, type Waypoint } from './gazetteer.ts';
import { pathLengthKm } from './geo.ts';
import { refuse, succeed, type FieldIssue, type Outcome } from './outcome.ts';
import type { PublishedRoute } from './resources.ts';
import type { SandboxStore } from './store.ts';
import type { Principal } from './tokens.ts';

/** The body of `publishRoute`, already schema-valid. */
export interface RouteToPublish {
  name: string;
  region: string;
  waypoints: string[];
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

export function publishRoute(store: SandboxStore, input: RouteToPublish, publisher: Principal): Outcome<PublishedRoute> {
  const blank: FieldIssue[] = (['name', 'region'] as const)
    .filter((field) => input[field].trim() === '')
    .map((field) => ({ pointer: `/${field}`, detail: `\`${field}\` must not be blank.` }));
  if (blank.length > 0) return refuse('invalid', 'validation_failed', 'The route has blank fields.', blank);

  const resolved: Waypoint[] = [];
  const unknown: FieldIssue[] = [];
  input.waypoints.forEach((name, index) => {
    const waypoint = findWaypoint(name);
    if (waypoint === undefined) {
      unknown.push({ pointer: `/waypoints/${index}`, detail: `Unknown waypoint \`${name}\`.` });
    } else {
      resolved.push(waypoint);
    }
  });
  if (unknown.length > 0) {
    const names = input.waypoints.filter((name) => findWaypoint(name) === undefined);
    return refuse('invalid', 'unknown_waypoints', `These waypoints are not in the gazetteer: ${names.join(', ')}.`, unknown);
  }

  if (store.state.publishedRoutes.some((route) => sameName(route.name, input.name))) {
    return refuse('conflict', 'duplicate_route_name', `A route named \`${input.name.trim()}\` is already published.`, [
      { pointer: '/name', detail: 'Route names are unique (ignoring case).' },
    ]);
  }

  const route: PublishedRoute = {
    id: store.nextId('route'),
    name: input.name.trim(),
    region: input.region.trim(),
    waypoints: resolved.map((waypoint) => waypoint.name),
    distance_km: pathLengthKm(resolved),
    published_by: publisher.organisation,
    created_at: store.now(),
  };
  store.state.publishedRoutes.push(route);
  return succeed(structuredClone(route));
}

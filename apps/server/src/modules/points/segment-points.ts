import { defaultSegmentPoints, type SegmentKind } from '@club/contract/points';
import type { Config } from '../../config.js';

/** Points an OK segment earns: the spec's table (air 5, hotel 10, car or rail 10), overridable per country. */
export type SegmentPoints = (countryCode: string, kind: SegmentKind) => number;

export function segmentPointsRule(config: Config): SegmentPoints {
  const byCountry = config.points.segmentPointsByCountry;
  return (countryCode, kind) => byCountry[countryCode]?.[kind] ?? defaultSegmentPoints[kind];
}

import { zodResolver } from '@hookform/resolvers/zod';
import { PointAdjustmentSchema } from '@club/contract/staff-members';

/** The adjustment form's rules: its own chunk, loaded when the form first validates. */
export const adjustPointsResolver = zodResolver(PointAdjustmentSchema);

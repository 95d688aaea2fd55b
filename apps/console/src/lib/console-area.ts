import type { ComponentType, LazyExoticComponent } from 'react';
import type { StaffRole } from '@club/contract/staff';

/**
 * One area of the console (members, orders, gifts, …): its place in the
 * navigation and its screen, loaded when first opened. The area's screen owns
 * the paths below its own (`members/1000001`), with nested routes.
 */
export type ConsoleArea = {
  /** The first path segment under /staff, e.g. `members`. */
  path: string;
  /** The navigation's name of the area. */
  label: string;
  /** Roles that see the area (default: every role); the server checks every call anyway. */
  roles?: readonly StaffRole[];
  screen: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's code before it renders (lib/lazy-screen.ts). */
  preload?: () => void;
};

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { type ImportSpec, registerListImports } from '../core/import/import-button';
import type { JsonShapeWidgets } from '../core/resource/json-shapes';
import type { MenuSource } from './shell/menu';

/** An editor/view pair a feature owns for the JSON fields of one shape (see core/resource/json-shapes.ts). */
export interface FieldEditor {
  shape: unknown;
  widgets: JsonShapeWidgets;
}

/**
 * What a feature brings to the app, declared beside its own code (`features/<x>/index.ts`) the way a
 * resource declaration brings its screens: the app names no feature; main.tsx lists them once.
 * Everything here is light: screens, editors and header items are fetched on first use.
 */
export interface FeatureDef {
  name: string;
  /** screens inside the admin shell, relative to /admin (each with `handle: {action, subject, title}`) */
  routes?: RouteObject[];
  /** screens outside the shell (sign-in, error pages), with absolute paths */
  publicRoutes?: RouteObject[];
  /** menu entries beside the generic resource screens (a hand-written screen that is no resource's list) */
  menu?: MenuSource[];
  /** editors of JSON shapes the feature owns, fetched with the admin shell */
  fieldEditors?: () => Promise<FieldEditor[]>;
  /** items of the shell's header (before the user menu); lazy components */
  headerItems?: ComponentType[];
  /** import buttons beside a generic list's own, by resource name (a module's import route: the areas' official units) */
  listImports?: Record<string, ImportSpec[]>;
}

export const defineFeature = (f: FeatureDef): FeatureDef => f;

let installed: readonly FeatureDef[] = [];

/** Called once by createAppRouter with main.tsx's list. */
export function installFeatures(list: readonly FeatureDef[]) {
  installed = list;
  const imports: Record<string, ImportSpec[]> = {};
  for (const f of list) for (const [name, specs] of Object.entries(f.listImports ?? {})) imports[name] = [...(imports[name] ?? []), ...specs];
  registerListImports(imports);
}

export const installedFeatures = (): readonly FeatureDef[] => installed;

/** The routes, menu entries and header items of every installed feature, in list order. */
export const featureRoutes = () => installed.flatMap((f) => f.routes ?? []);
export const featurePublicRoutes = () => installed.flatMap((f) => f.publicRoutes ?? []);
export const featureMenu = (): MenuSource[] => installed.flatMap((f) => f.menu ?? []);
export const featureHeaderItems = (): ComponentType[] => installed.flatMap((f) => f.headerItems ?? []);
export const featureFieldEditors = async (): Promise<FieldEditor[]> =>
  (await Promise.all(installed.map((f) => f.fieldEditors?.() ?? Promise.resolve([])))).flat();

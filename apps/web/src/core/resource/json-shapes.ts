import type { ComponentType } from 'react';

/**
 * Editors and views for JSON fields of a known shape (a `json(shape, …)` field of a resource
 * declaration). A feature declares its pair for the shape it owns (`fieldEditors` of its defineFeature),
 * registered with the admin shell, which every admin screen loads first; a JSON field whose shape
 * nobody registered is edited as JSON text.
 */
export interface JsonShapeWidgets {
  /** rendered inside a Form.Item, which hands it `value` and `onChange` (each editor types them for its shape) */
  Input: ComponentType<{ id?: string }>;
  View: ComponentType<{ value: unknown; compact?: boolean }>;
}

const shapes = new Map<unknown, JsonShapeWidgets>();

export function registerJsonShape(shape: unknown, widgets: JsonShapeWidgets) {
  shapes.set(shape, widgets);
}

export const jsonShapeWidgets = (shape: unknown): JsonShapeWidgets | undefined => (shape ? shapes.get(shape) : undefined);

// What a path is drawn through: a canvas Path2D, or a pen that reshapes the line on its way to one.

export interface PathPen {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

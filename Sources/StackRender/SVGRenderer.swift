// SVG rendering of solved layouts.

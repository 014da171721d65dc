// The image of the image tools' documented examples (OpenAPI, GET /api/<slug>, llms.txt, MCP):
// a 16×16 palette PNG in four quadrants, red, green / blue, transparent.
export const EXAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAMAAAAoLQ9TAAAADFBMVEVMaXEAAP8AoAD/AABuG2q3AAAAAXRSTlMAQObYZgAAAAlwSFlzAAAD6AAAA+gBtXtSawAAABlJREFUGNNjYIYCJihgGCABRihggIGBEQAAEx8BgRhG9kUAAAAASUVORK5CYII=';

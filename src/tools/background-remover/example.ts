// The documented example (OpenAPI, GET /api/background-remover, llms.txt, MCP): a 48×48 PNG of
// an orange disc on white, small enough to read in a document and plain enough that the answer,
// the disc kept and the white gone, is obvious.
export const EXAMPLE_DISC_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwBAMAAAClLOS0AAAAMFBMVEX////SQB7ZXUDURyfxwbX32tTecVf55uLcalD0z8bWUDHpoI/VTi/onoz10srvuq2CquvCAAAACXBIWXMAAAsTAAALEwEAmpwYAAAAl0lEQVQ4y2NgGAWs15SNcgMwxVkUBYFAyAFdnL1REAwkCtAkXglCwUlUcU6YuKDwBBSJKriE4HEUiUaEhASKkwSRALLDmJAlFJAkApElRJEkLiJLSCNJJCJLiCFJKCJLCCFJGCJLCBMjgdMonJbjdC5OD+IMEpyBiDPYcUcUJ9yLwg+ISwy4kw/OBAdMotuUjbIDRrMqAwC4RSZbV+zx3wAAAABJRU5ErkJggg==';

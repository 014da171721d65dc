// Every tool's golden vectors, by slug: the one list each door's contract test runs.
import type { ToolCase } from '../../src/tools/define';
import type { Slug } from '../../src/tools/index';
import jwtDecoder from '../../src/tools/jwt-decoder/cases';
import jsonFormatter from '../../src/tools/json-formatter/cases';
import imageConverter from '../../src/tools/image-converter/cases';
import backgroundRemover from '../../src/tools/background-remover/cases';
import lcovViewer from '../../src/tools/lcov-viewer/cases';
import imageResizer from '../../src/tools/image-resizer/cases';
import base64 from '../../src/tools/base64/cases';
import hashGenerator from '../../src/tools/hash-generator/cases';
import urlEncoder from '../../src/tools/url-encoder/cases';
import timestampConverter from '../../src/tools/timestamp-converter/cases';
import uuidGenerator from '../../src/tools/uuid-generator/cases';
import textCaseConverter from '../../src/tools/text-case-converter/cases';
import jsonToCsv from '../../src/tools/json-to-csv/cases';
import colorConverter from '../../src/tools/color-converter/cases';
import numberBaseConverter from '../../src/tools/number-base-converter/cases';

export const casesBySlug: Record<Slug, ToolCase[]> & Partial<Record<string, ToolCase[]>> = {
  'jwt-decoder': jwtDecoder,
  'json-formatter': jsonFormatter,
  'image-converter': imageConverter,
  'background-remover': backgroundRemover,
  'lcov-viewer': lcovViewer,
  'image-resizer': imageResizer,
  base64,
  'hash-generator': hashGenerator,
  'url-encoder': urlEncoder,
  'timestamp-converter': timestampConverter,
  'uuid-generator': uuidGenerator,
  'text-case-converter': textCaseConverter,
  'json-to-csv': jsonToCsv,
  'color-converter': colorConverter,
  'number-base-converter': numberBaseConverter,
};

// Vitest setup: the Node image platform for tools called through invoke() in-process, as the
// Node server wires it at start-up.
import { nodeImages } from '../../src/platform/node';
import { provideImages } from '../../src/tools/define';

provideImages(nodeImages);

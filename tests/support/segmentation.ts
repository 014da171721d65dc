// Vitest setup: the Node segmentation model for tools called through invoke() in-process, as
// the Node server wires it at start-up (the model loads only when a test removes a background).
import { nodeSegmentation } from '../../src/platform/segmentation-node';
import { provideSegmentation } from '../../src/tools/define';

provideSegmentation(nodeSegmentation);

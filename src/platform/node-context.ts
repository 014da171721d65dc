// The Node doors' context (server, its pool's threads, MCP over stdio, tests, the build): the
// image codecs of src/platform/node.ts and the background-removal model of onnxruntime-node,
// which loads on the first removal only.
import { doorContext } from '../tools/define';
import { nodeImages } from './node';
import { nodeSegmentation } from './segmentation-node';

export const nodeContext = doorContext({ images: nodeImages, segmentation: nodeSegmentation });

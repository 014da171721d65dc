import type { ToolCase } from '../define';

const cases: ToolCase[] = [];
export default cases;

// The sandbox provider keeps its sessions in the payments module's tables: bootstrap wires the
// store through here, since only the payments module imports its repos (ADR 026).
export { sandboxSessionStore } from './repo-sandbox.ts';

// The sandbox unlock supplier keeps its orders in the quotes module's tables: bootstrap wires the
// store through here, since only the quotes module imports its repos (ADR 026).
export { sandboxSupplierStore } from './repo-sandbox-supplier.ts';

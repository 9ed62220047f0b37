// The version 3 adapter calls the service through the version-neutral ServiceCalls.
export { ServiceCalls as V3Calls, type CallSettings, type MoveDescription } from '../service-calls';

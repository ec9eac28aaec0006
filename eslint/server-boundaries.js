// Import boundaries of the server (apps/server): filled in with the module entry files.
export default [];

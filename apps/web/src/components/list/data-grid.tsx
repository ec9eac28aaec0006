// The Data Grid on its own, so that ServerGrid can load it when a list is first drawn.
export { DataGrid } from '@mui/x-data-grid';

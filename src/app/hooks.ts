// Typed hooks, re-exported where features expect them (raw useSelector/useDispatch are banned).
export { useAppDispatch, useAppSelector, useAppStore } from './store';

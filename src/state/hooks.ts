// The typed hooks every component uses (the raw useSelector/useDispatch are banned by lint).
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './rootState';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

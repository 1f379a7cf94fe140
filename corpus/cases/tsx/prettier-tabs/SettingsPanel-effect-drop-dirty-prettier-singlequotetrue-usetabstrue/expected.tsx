import React, { useState, useEffect } from 'react';
import { Toggle } from './Toggle';
import { Slider } from './Slider';
import { useSettings } from './useSettings';

export const MIN_FONT = 10;
export const MAX_FONT = 24;
export const STEP = 2;

type Props = { userId: string; onClose: () => void };

export function SettingsPanel({ userId, onClose }: Props) {
	const { settings, save } = useSettings(userId);
	const [dirty, setDirty] = useState(false);
	const [fontSize, setFontSize] = useState(settings.fontSize);
	const [dark, setDark] = useState(settings.theme === 'dark');

	useEffect(() => {
		setFontSize(settings.fontSize);
		setDark(settings.theme === 'dark');
	}, [settings]);

	const apply = async () => {
		const next = { ...settings, fontSize, theme: dark ? 'dark' : 'light' };
		await save(next);
		setDirty(false);
		onClose();
	};

	return (
		<div className="settings">
			<Toggle
				label="Dark mode"
				checked={dark}
				onChange={(v) => {
					setDark(v);
					setDirty(true);
				}}
			/>
			<Slider
				min={MIN_FONT}
				max={MAX_FONT}
				step={STEP}
				value={fontSize}
				onChange={(v) => {
					setFontSize(v);
					setDirty(true);
				}}
			/>
			<button disabled={!dirty} onClick={apply}>
				Save
			</button>
		</div>
	);
}

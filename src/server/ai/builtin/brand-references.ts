/** Each maker's own site: where owners find the manual and service intervals for their model. */
export const BRAND_REFERENCES: Record<string, { title: string; url: string }> = {
  Yamaha: { title: "Yamaha Outboards: owner's manuals and maintenance", url: 'https://www.yamahaoutboards.com/' },
  Mercury: { title: 'Mercury Marine: owner resources', url: 'https://www.mercurymarine.com/' },
  MerCruiser: { title: 'Mercury Marine: MerCruiser owner resources', url: 'https://www.mercurymarine.com/' },
  Suzuki: { title: 'Suzuki Marine: outboard owner information', url: 'https://www.suzukimarine.com/' },
  Honda: { title: 'Honda Marine: outboard owner information', url: 'https://marine.honda.com/' },
  'Volvo Penta': { title: 'Volvo Penta: engines and drives', url: 'https://www.volvopenta.com/' },
  Yanmar: { title: 'Yanmar: marine diesel engines', url: 'https://www.yanmar.com/' },
  Garmin: { title: 'Garmin Support: manuals and software updates', url: 'https://support.garmin.com/' },
  Raymarine: { title: 'Raymarine: chartplotters, autopilots and radar', url: 'https://www.raymarine.com/' },
  Simrad: { title: 'Simrad Yachting: chartplotters and autopilots', url: 'https://www.simrad-yachting.com/' },
  Lowrance: { title: 'Lowrance: fishfinders and chartplotters', url: 'https://www.lowrance.com/' },
  Victron: { title: 'Victron Energy: chargers, inverters and battery monitors', url: 'https://www.victronenergy.com/' },
  'Blue Sea Systems': { title: 'Blue Sea Systems: circuit protection and wiring', url: 'https://www.bluesea.com/' },
};

/**
 * The map the simulated fleet drives on: real North American cities (every yard city of
 * catalog.ts among them, and a few Canadian ones) and the highways between neighbours, along
 * the corridors of the real interstates and provincial highways (I-5, I-80, I-10, Trans-Canada
 * 1, 401, ...). Roads are approximated well enough for plausible routes and jurisdictions, not
 * for navigation: roads.ts bends each edge between its two cities.
 */

export type Place = { code: string; name: string; state: string; lat: number; lng: number };

// code, name, state or province, latitude, longitude (city centres)
const PLACE_ROWS = `
SEA Seattle WA 47.6062 -122.3321
GEG Spokane WA 47.6588 -117.4260
YKM Yakima WA 46.6021 -120.5059
PDX Portland OR 45.5152 -122.6784
EUG Eugene OR 44.0521 -123.0868
MFR Medford OR 42.3265 -122.8756
RDD Redding CA 40.5865 -122.3917
SAC Sacramento CA 38.5816 -121.4944
SFO San_Francisco CA 37.7749 -122.4194
SJC San_Jose CA 37.3382 -121.8863
FAT Fresno CA 36.7378 -119.7871
BFL Bakersfield CA 35.3733 -119.0187
LAX Los_Angeles CA 34.0522 -118.2437
SAN San_Diego CA 32.7157 -117.1611
BSW Barstow CA 34.8958 -117.0173
LAS Las_Vegas NV 36.1699 -115.1398
RNO Reno NV 39.5296 -119.8138
WMC Winnemucca NV 40.9730 -117.7357
EKO Elko NV 40.8324 -115.7631
BOI Boise ID 43.6150 -116.2023
PIH Pocatello ID 42.8713 -112.4455
SLC Salt_Lake_City UT 40.7608 -111.8910
SGU St._George UT 37.0965 -113.5684
FLG Flagstaff AZ 35.1983 -111.6513
PHX Phoenix AZ 33.4484 -112.0740
TUS Tucson AZ 32.2226 -110.9747
YUM Yuma AZ 32.6927 -114.6277
ABQ Albuquerque NM 35.0844 -106.6504
LRU Las_Cruces NM 32.3199 -106.7637
ELP El_Paso TX 31.7619 -106.4850
PUB Pueblo CO 38.2544 -104.6091
DEN Denver CO 39.7392 -104.9903
GJT Grand_Junction CO 39.0639 -108.5506
CYS Cheyenne WY 41.1400 -104.8202
RKS Rock_Springs WY 41.5875 -109.2029
CPR Casper WY 42.8666 -106.3131
BIL Billings MT 45.7833 -108.5007
BTM Butte MT 46.0038 -112.5348
MSO Missoula MT 46.8721 -113.9940
GTF Great_Falls MT 47.5053 -111.3008
RAP Rapid_City SD 44.0805 -103.2310
FSD Sioux_Falls SD 43.5446 -96.7311
FAR Fargo ND 46.8772 -96.7898
BIS Bismarck ND 46.8083 -100.7837
OMA Omaha NE 41.2565 -95.9345
LBF North_Platte NE 41.1403 -100.7601
MCI Kansas_City MO 39.0997 -94.5786
ICT Wichita KS 37.6872 -97.3301
SLN Salina KS 38.8403 -97.6114
HYS Hays KS 38.8792 -99.3268
OKC Oklahoma_City OK 35.4676 -97.5164
TUL Tulsa OK 36.1540 -95.9928
AMA Amarillo TX 35.2220 -101.8313
DAL Dallas TX 32.7767 -96.7970
AUS Austin TX 30.2672 -97.7431
SAT San_Antonio TX 29.4241 -98.4936
HOU Houston TX 29.7604 -95.3698
MAF Midland TX 31.9973 -102.0779
ABI Abilene TX 32.4487 -99.7331
FST Fort_Stockton TX 30.8940 -102.8793
MSP Minneapolis MN 44.9778 -93.2650
DSM Des_Moines IA 41.5868 -93.6250
MSN Madison WI 43.0731 -89.4012
MKE Milwaukee WI 43.0389 -87.9065
CHI Chicago IL 41.8781 -87.6298
STL St._Louis MO 38.6270 -90.1994
SGF Springfield MO 37.2090 -93.2923
MEM Memphis TN 35.1495 -90.0490
LIT Little_Rock AR 34.7465 -92.2896
FSM Fort_Smith AR 35.3859 -94.3985
SHV Shreveport LA 32.5252 -93.7502
JAN Jackson MS 32.2988 -90.1848
MSY New_Orleans LA 29.9511 -90.0715
BTR Baton_Rouge LA 30.4515 -91.1871
BHM Birmingham AL 33.5186 -86.8104
MGM Montgomery AL 32.3792 -86.3077
MOB Mobile AL 30.6954 -88.0399
ATL Atlanta GA 33.7490 -84.3880
MCN Macon GA 32.8407 -83.6324
SAV Savannah GA 32.0809 -81.0912
VLD Valdosta GA 30.8327 -83.2785
LCQ Lake_City FL 30.1897 -82.6393
JAX Jacksonville FL 30.3322 -81.6557
TLH Tallahassee FL 30.4383 -84.2807
MCO Orlando FL 28.5383 -81.3792
TPA Tampa FL 27.9506 -82.4572
MIA Miami FL 25.7617 -80.1918
CHA Chattanooga TN 35.0456 -85.3097
BNA Nashville TN 36.1627 -86.7816
TYS Knoxville TN 35.9606 -83.9207
SDF Louisville KY 38.2527 -85.7585
LEX Lexington KY 38.0406 -84.5037
IND Indianapolis IN 39.7684 -86.1581
CVG Cincinnati OH 39.1031 -84.5120
CMH Columbus OH 39.9612 -82.9988
CLE Cleveland OH 41.4993 -81.6944
TOL Toledo OH 41.6528 -83.5379
DTW Detroit MI 42.3314 -83.0458
GRR Grand_Rapids MI 42.9634 -85.6681
PIT Pittsburgh PA 40.4406 -79.9959
MDT Harrisburg PA 40.2732 -76.8867
PHL Philadelphia PA 39.9526 -75.1652
NYC New_York NY 40.7128 -74.0060
ALB Albany NY 42.6526 -73.7562
BUF Buffalo NY 42.8864 -78.8784
SYR Syracuse NY 43.0481 -76.1474
BOS Boston MA 42.3601 -71.0589
BDL Hartford CT 41.7658 -72.6734
PWM Portland ME 43.6591 -70.2568
BAL Baltimore MD 39.2904 -76.6122
WAS Washington DC 38.9072 -77.0369
RIC Richmond VA 37.5407 -77.4360
ORF Norfolk VA 36.8508 -76.2859
ROA Roanoke VA 37.2710 -79.9414
CRW Charleston WV 38.3498 -81.6326
RDU Raleigh NC 35.7796 -78.6382
GSO Greensboro NC 36.0726 -79.7920
CLT Charlotte NC 35.2271 -80.8431
CAE Columbia SC 34.0007 -81.0348
GSP Greenville SC 34.8526 -82.3940
YVR Vancouver BC 49.2827 -123.1207
YKA Kamloops BC 50.6745 -120.3273
YYC Calgary AB 51.0447 -114.0719
YEG Edmonton AB 53.5461 -113.4938
YQL Lethbridge AB 49.6956 -112.8451
YXH Medicine_Hat AB 50.0405 -110.6764
YQR Regina SK 50.4452 -104.6189
YWG Winnipeg MB 49.8951 -97.1384
YYZ Toronto ON 43.6532 -79.3832
YXU London ON 42.9849 -81.2453
YGK Kingston ON 44.2312 -76.4860
YOW Ottawa ON 45.4215 -75.6972
YUL Montreal QC 45.5017 -73.5673
`;

// Highways between neighbouring cities, by corridor.
const ROAD_ROWS = `
YVR-SEA SEA-PDX PDX-EUG EUG-MFR MFR-RDD RDD-SAC SAC-FAT FAT-BFL BFL-LAX LAX-SAN
SAC-SFO SFO-SJC SJC-FAT SAC-RNO RNO-WMC WMC-EKO EKO-SLC SLC-RKS RKS-CYS CYS-LBF LBF-OMA
OMA-DSM DSM-CHI SEA-YKM YKM-GEG PDX-YKM GEG-MSO MSO-BTM BTM-BIL BIL-BIS BIS-FAR FAR-MSP
PDX-BOI BOI-PIH PIH-SLC BTM-PIH BTM-GTF GTF-YQL YQL-YYC YYC-YEG YYC-YKA YKA-YVR YYC-YXH
YQL-YXH YXH-YQR YQR-YWG YWG-FAR FAR-FSD FSD-OMA FSD-MSP RAP-FSD BIL-RAP CPR-BIL CYS-CPR
DEN-CYS DEN-PUB PUB-ABQ ABQ-LRU LRU-ELP LRU-TUS TUS-PHX PHX-FLG FLG-ABQ ABQ-AMA
LAX-BSW BSW-LAS BSW-FLG LAS-FLG LAS-SGU SGU-SLC SAN-YUM YUM-PHX LAX-PHX DEN-GJT GJT-SLC
DEN-LBF DEN-HYS HYS-SLN SLN-MCI SLN-ICT ICT-OKC ICT-MCI OMA-MCI DSM-MCI DSM-MSP
ELP-MAF MAF-ABI ABI-DAL ELP-FST FST-SAT AMA-OKC OKC-TUL OKC-DAL TUL-SGF SGF-STL SGF-MCI
OKC-FSM FSM-LIT DAL-AUS AUS-SAT SAT-HOU DAL-HOU DAL-SHV DAL-LIT SHV-JAN HOU-BTR BTR-MSY
MSY-MOB MSY-JAN JAN-MEM JAN-BHM MEM-LIT MEM-BNA MEM-STL MSP-MSN MSN-MKE MKE-CHI CHI-STL
CHI-IND CHI-TOL CHI-GRR GRR-DTW STL-MCI STL-IND IND-CMH IND-CVG IND-SDF SDF-BNA SDF-LEX
SDF-CVG CVG-CMH CVG-LEX LEX-TYS LEX-CRW CMH-CLE CMH-PIT CMH-CRW CLE-TOL TOL-DTW CLE-PIT
CLE-BUF DTW-YXU YXU-YYZ YYZ-BUF YYZ-YGK YGK-YUL YGK-YOW YOW-YUL YUL-ALB SYR-YGK
BUF-SYR SYR-ALB SYR-MDT ALB-BOS ALB-NYC NYC-BDL BDL-BOS BOS-PWM NYC-PHL PHL-MDT PHL-BAL
BAL-MDT BAL-WAS MDT-PIT MDT-ROA PIT-CRW WAS-RIC RIC-ORF RIC-RDU RIC-CRW ROA-TYS ROA-GSO
ROA-CRW CRW-CLT BNA-TYS BNA-CHA BNA-BHM CHA-ATL CHA-TYS TYS-GSO BHM-ATL BHM-MGM MGM-MOB
MGM-ATL MOB-TLH TLH-LCQ LCQ-JAX ATL-MCN MCN-SAV MCN-VLD VLD-LCQ LCQ-TPA VLD-TLH SAV-JAX JAX-MCO MCO-TPA
MCO-MIA TPA-MIA ATL-GSP GSP-CLT CLT-GSO GSO-RDU CLT-CAE CAE-SAV CAE-ATL
`;

export const PLACES: readonly Place[] = PLACE_ROWS.trim()
  .split("\n")
  .map((row) => {
    const [code, name, state, lat, lng] = row.split(" ");
    return { code: code!, name: name!.replaceAll("_", " "), state: state!, lat: Number(lat), lng: Number(lng) };
  });

const INDEX_BY_CODE = new Map(PLACES.map((place, index) => [place.code, index]));
const INDEX_BY_CITY = new Map(PLACES.map((place, index) => [`${place.name}|${place.state}`, index]));

/** Each road as the indexes of its two places in PLACES. */
export const ROADS: readonly (readonly [number, number])[] = ROAD_ROWS.trim()
  .split(/\s+/)
  .map((pair) => {
    const [from, to] = pair.split("-").map((code) => INDEX_BY_CODE.get(code));
    if (from === undefined || to === undefined) throw new Error(`places.ts: unknown place in road ${pair}`);
    return [from, to] as const;
  });

/** The index in PLACES of a city of catalog.ts (every yard city is on the map). */
export function placeIndexOf(city: { name: string; state: string }): number {
  const index = INDEX_BY_CITY.get(`${city.name}|${city.state}`);
  if (index === undefined) throw new Error(`places.ts: ${city.name}, ${city.state} is not on the map`);
  return index;
}

const LABELS = PLACES.map((place) => `${place.name}, ${place.state}`);

/** How a place reads in a breadcrumb's address ("Denver, CO"). */
export function placeLabel(index: number): string {
  return LABELS[index]!;
}

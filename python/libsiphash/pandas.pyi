# SPDX-License-Identifier: MIT
"""Type stubs for libsiphash.pandas (pandas' hash functions on the batch engine)."""

from typing import Any, Union

import numpy as np
import numpy.typing as npt
import pandas as pd
from pandas.api.extensions import ExtensionArray

FAST_PATH: bool

def hash_array(vals: Union[np.ndarray, ExtensionArray], encoding: str = "utf8",
               hash_key: str = "0123456789123456",
               categorize: bool = True) -> npt.NDArray[np.uint64]: ...
def hash_pandas_object(obj: Union[pd.Index, pd.Series, pd.DataFrame], index: bool = True,
                       encoding: str = "utf8", hash_key: Union[str, None] = "0123456789123456",
                       categorize: bool = True) -> "pd.Series[Any]": ...
